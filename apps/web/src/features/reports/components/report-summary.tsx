import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { MESSAGES, budgetLevel, formatNaira, type ReportBudget, type ReportSummary as Summary } from '@kobo/core';
import { budgetLevelLook } from '../../../components/budget-bars.tsx';
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
 * Issue 14: budget beside actual, where the range stands for whole budget periods (the budget is
 * the item's budget × those periods; docs/decisions/034-budgets-and-report-export.md).
 */
function BudgetLine({ budget }: { budget: ReportBudget | undefined }) {
  if (!budget) return null;
  const look = budgetLevelLook(budgetLevel(budget.actualKobo, budget.budgetKobo));
  const periods = `${budget.periods} ${budget.period === 'month' ? (budget.periods === 1 ? 'month' : 'months') : budget.periods === 1 ? 'year' : 'years'}`;
  return (
    <Group gap={6} mt={4} wrap="wrap">
      <Text size="xs" c="dimmed">
        Budget {formatNaira(budget.budgetKobo)} ({periods}) · {budget.percent.toFixed(1)}% used
      </Text>
      {look.label && (
        <Badge size="xs" color={look.color} variant="light">
          {look.label}
        </Badge>
      )}
    </Group>
  );
}

/**
 * SPEC "Report": total expenses, average daily expenses (the total over every day of the range,
 * empty days included) and the breakdown by item, percentages to one decimal.
 */
export function ReportSummary({ summary }: { summary: Summary }) {
  const { from, to } = summary.range;
  const days = `${summary.days.toLocaleString('en-NG')} ${summary.days === 1 ? 'day' : 'days'}`;
  const budgets = new Map(summary.budgets.map((budget) => [budget.categoryId, budget]));
  const spentIds = new Set(summary.breakdown.map((share) => share.categoryId));
  const unspent = summary.budgets.filter((budget) => !spentIds.has(budget.categoryId));
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
        {summary.breakdown.length === 0 && unspent.length === 0 ? (
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
                <BudgetLine budget={share.categoryId ? budgets.get(share.categoryId) : undefined} />
              </li>
            ))}
            {unspent.map((budget) => (
              <li key={budget.categoryId}>
                <Group wrap="nowrap" gap="sm" mb={4}>
                  <Text size="sm" fw={500} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                    {budget.name}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(0)} · 0.0%
                  </Text>
                </Group>
                <BudgetLine budget={budget} />
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
