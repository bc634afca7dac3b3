import { memo } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type ExpenseView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { expenseText } from './expense-labels.ts';
import { ExpenseActions } from './expense-actions.tsx';

type Props = {
  expense: ExpenseView;
  /** SPEC 2 / DECISIONS 2: whoever sees everyone's expenses reads who made the ones not theirs. */
  showCreatedBy: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (expense: ExpenseView) => void;
};

/**
 * One expense: its item's colour and icon, what it was for, the day, the amount, and (for others'
 * expenses) who recorded it. Memoised: loading another page re-renders only the new cards.
 */
export const ExpenseCard = memo(function ExpenseCard({ expense, showCreatedBy, canEdit, canDelete, onDelete }: Props) {
  const text = expenseText(expense);
  const amount = formatNaira(expense.amountKobo);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      style={{ borderLeft: `4px solid ${expense.category.color}` }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <CategoryMark color={expense.category.color} icon={expense.category.icon} size={36} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {expense.category.name}
            </Text>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {amount}
            </Text>
          </Group>
          {text && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          )}
          <Group justify="space-between" align="flex-end" gap={4} wrap="wrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" c="dimmed">
                <time dateTime={expense.date}>{formatCalendarDate(expense.date)}</time>
              </Text>
              {showCreatedBy && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Created by {expense.createdBy?.name ?? MESSAGES.unknownUser}
                </Text>
              )}
            </Stack>
            {(canEdit || canDelete || expense.receiptCount > 0) && (
              <Group gap={4} ml="auto" wrap="nowrap">
                <ExpenseActions expense={expense} canEdit={canEdit} canDelete={canDelete} onDelete={onDelete} size="compact-sm" />
              </Group>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
});
