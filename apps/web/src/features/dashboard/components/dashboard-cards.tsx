import { Group, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { MESSAGES, formatNaira, type CategoryShare, type DashboardView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { formatPercent } from './dashboard-labels.ts';

export function TotalExpensesCard({ dashboard }: { dashboard: DashboardView }) {
  const { from, to } = dashboard.range;
  return (
    <DashboardCard title="Total Expenses">
      <Stack gap={4}>
        <Text fw={700} fz={32} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {formatNaira(dashboard.totalKobo)}
        </Text>
        <Text size="sm" c="dimmed">
          {dashboard.count.toLocaleString('en-NG')} {dashboard.count === 1 ? 'expense' : 'expenses'}
        </Text>
        <Text size="sm" c="dimmed">
          {from === to ? formatCalendarDate(from) : `${formatCalendarDate(from)} – ${formatCalendarDate(to)}`}
        </Text>
      </Stack>
    </DashboardCard>
  );
}

/** SPEC 9: the top 3 items by amount. */
export function TopCategoriesCard({ shares }: { shares: CategoryShare[] }) {
  return (
    <DashboardCard title="Top Categories">
      {shares.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noExpensesInPeriod}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shares.map((share) => (
            <Group component="li" key={share.categoryId ?? 'other'} wrap="nowrap" gap="sm">
              <CategoryMark color={share.color} icon={share.icon} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {share.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPercent(share.percent)} · {share.count.toLocaleString('en-NG')} {share.count === 1 ? 'expense' : 'expenses'}
                </Text>
              </Stack>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(share.amountKobo)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

/** SPEC "Dashboard": each item's share of the period as a bar in the item's colour. */
export function ItemDistributionCard({ shares }: { shares: CategoryShare[] }) {
  return (
    <DashboardCard title="Item Distribution">
      {shares.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noExpensesInPeriod}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shares.map((share) => (
            <li key={share.categoryId ?? 'other'}>
              <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {share.name}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatPercent(share.percent)}
                </Text>
              </Group>
              <Progress
                value={share.percent}
                color={share.color}
                size="lg"
                radius="xl"
                aria-label={`${share.name}: ${formatPercent(share.percent)}, ${formatNaira(share.amountKobo)}`}
              />
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

/** SPEC 9: the 5 most recent expenses of the period. */
export function RecentExpensesCard({ dashboard }: { dashboard: DashboardView }) {
  return (
    <DashboardCard title="Recent Expenses">
      {dashboard.recent.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noExpensesInPeriod}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {dashboard.recent.map((expense) => (
            <Group component="li" key={expense.id} wrap="nowrap" gap="sm" align="flex-start">
              <CategoryMark color={expense.category.color} icon={expense.category.icon} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {expense.description ?? expense.title ?? expense.category.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {expense.category.name} · <time dateTime={expense.date}>{formatCalendarDate(expense.date)}</time>
                </Text>
              </Stack>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(expense.amountKobo)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
