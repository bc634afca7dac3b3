import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Badge.css';
import type { ReactNode } from 'react';
import { BUDGET_PERIOD_LABELS, formatNaira, type BudgetLevel, type BudgetView } from '@kobo/core';
import { formatCalendarDate } from '../lib/format-calendar-date.ts';

/** Colour and words for a level: never colour alone (docs/decisions/031-accessibility.md). */
export function budgetLevelLook(level: BudgetLevel | null): { color: string; label: string | null } {
  if (level === '100') return { color: 'red', label: 'Over budget' };
  if (level === '80') return { color: 'yellow', label: 'Over 80%' };
  return { color: 'teal', label: null };
}

/**
 * Spent against budget, a bar per budgeted item (the dashboard's Budgets card, Settings → Budgets).
 * The bar stops at 100%; the words say how far past it.
 */
export function BudgetBars({ budgets, renderAction }: { budgets: BudgetView[]; renderAction?: (budget: BudgetView) => ReactNode }) {
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {budgets.map((budget) => {
        const look = budgetLevelLook(budget.level);
        const summary = `${formatNaira(budget.spentKobo)} of ${formatNaira(budget.amountKobo)} · ${budget.percent.toFixed(1)}%`;
        return (
          <li key={budget.categoryId}>
            {/* Wraps on a phone: the name keeps at least 10rem, the figures go below it. */}
            <Group wrap="wrap" gap="xs" mb={4} align="flex-start">
              <Stack gap={0} miw={0} style={{ flex: '1 1 10rem' }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {budget.name}
                  </Text>
                  {look.label && (
                    <Badge size="sm" color={look.color} variant="light">
                      {look.label}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {BUDGET_PERIOD_LABELS[budget.period]}, {formatCalendarDate(budget.range.from)} – {formatCalendarDate(budget.range.to)}
                </Text>
              </Stack>
              <Text size="sm" fw={500} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {summary}
              </Text>
              {renderAction?.(budget)}
            </Group>
            <Progress value={Math.min(budget.percent, 100)} color={look.color} size="md" radius="xl" aria-label={`${budget.name}: ${summary}`} />
          </li>
        );
      })}
    </Stack>
  );
}
