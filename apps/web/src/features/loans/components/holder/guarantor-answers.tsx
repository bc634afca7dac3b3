import { Badge, Group, Stack, Text } from '@mantine/core';
import { GUARANTEE_STATUS_LABELS, formatNaira, type LoanView } from '@kobo/core';

const ANSWER_COLOURS = { pending: 'yellow', accepted: 'green', declined: 'red', released: 'gray' } as const;

/** Who was asked to guarantee a loan, each one's share, and their answer so far. */
export function GuarantorAnswers({ guarantors }: { guarantors: LoanView['guarantors'] }) {
  if (guarantors.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Guarantors">
      {guarantors.map((guarantor, index) => (
        <Group key={guarantor.userId ?? index} component="li" gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {guarantor.name}
            {guarantor.staffId ? ` (${guarantor.staffId})` : ''} · {formatNaira(guarantor.amountKobo)}
          </Text>
          <Badge size="sm" variant="light" color={ANSWER_COLOURS[guarantor.status]}>
            {GUARANTEE_STATUS_LABELS[guarantor.status]}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
