import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNaira, monthLabel, type OwnContributionArrears } from '@kobo/core';

/** What payroll did not remit, per product and the month it arose; the next advice carries it. */
export function ArrearsCard({ arrears }: { arrears: OwnContributionArrears }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Contribution arrears">
      <Title order={2} size="h4" mb={4}>
        Contribution arrears
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Contributions payroll did not deduct. They are added to a later month&apos;s deduction.
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {arrears.items.map((item) => (
          <Group component="li" key={`${item.productId}-${item.month}`} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.productName}, {monthLabel(item.month)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(item.outstandingKobo)}
            </Text>
          </Group>
        ))}
        <Group component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            Total
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(arrears.totalKobo)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
