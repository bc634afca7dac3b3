import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { MESSAGES, formatNaira, type ReportSummary as Summary } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

/**
 * SPEC "Report": total expenses, average daily expenses (the total over every day of the range,
 * empty days included) and the breakdown by item, percentages to one decimal.
 */
export function ReportSummary({ summary }: { summary: Summary }) {
  const { from, to } = summary.range;
  const days = `${summary.days.toLocaleString('en-NG')} ${summary.days === 1 ? 'day' : 'days'}`;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Figure
          label="Total Expenses"
          value={formatNaira(summary.totalKobo)}
          note={`${summary.count.toLocaleString('en-NG')} ${summary.count === 1 ? 'expense' : 'expenses'}, ${formatCalendarDate(from)} – ${formatCalendarDate(to)}`}
        />
        <Figure label="Average Daily Expenses" value={formatNaira(summary.averageDailyKobo)} note={`Over ${days}`} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Item Breakdown">
        <Title order={2} size="h4" mb="sm">
          Item Breakdown
        </Title>
        {summary.breakdown.length === 0 ? (
          <Text c="dimmed">{MESSAGES.noExpensesInPeriod}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {summary.breakdown.map((share) => (
              <li key={share.categoryId ?? 'other'}>
                <Group wrap="nowrap" gap="sm" mb={4}>
                  <CategoryMark color={share.color} icon={share.icon} size={24} />
                  <Text size="sm" fw={500} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                    {share.name}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(share.amountKobo)} · {share.percent.toFixed(1)}%
                  </Text>
                </Group>
                <Progress value={share.percent} color={share.color} size="sm" radius="xl" aria-label={`${share.name}: ${share.percent.toFixed(1)}%`} />
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
