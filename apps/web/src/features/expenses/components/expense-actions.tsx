import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { FaEdit, FaTrashAlt } from 'react-icons/fa';
import { formatNaira, type ExpenseView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { ReceiptsButton } from './receipts/receipts-button.tsx';

/** How an expense is named to a screen reader on its buttons: 'Fuel, ₦2,500.00, 20 Nov 2026'. */
export function expenseSummary(expense: ExpenseView): string {
  return `${expense.category.name}, ${formatNaira(expense.amountKobo)}, ${formatCalendarDate(expense.date)}`;
}

type Props = {
  expense: ExpenseView;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (expense: ExpenseView) => void;
  /** Compact on a card, more compact in the dense table. */
  size: 'compact-sm' | 'compact-xs';
};

/** An expense's receipts (a paperclip), Edit and Delete: the same buttons on a card and in the table. */
export function ExpenseActions({ expense, canEdit, canDelete, onDelete, size }: Props) {
  const summary = expenseSummary(expense);
  return (
    <>
      {expense.receiptCount > 0 && <ReceiptsButton expenseId={expense.id} count={expense.receiptCount} summary={summary} />}
      {canEdit && (
        <Button
          component={Link}
          to={paths.expenses.edit(expense.id)}
          size={size}
          variant="subtle"
          leftSection={<FaEdit aria-hidden />}
          aria-label={`Edit expense: ${summary}`}
        >
          Edit
        </Button>
      )}
      {canDelete && (
        <Button size={size} variant="subtle" color="red" leftSection={<FaTrashAlt aria-hidden />} aria-label={`Delete expense: ${summary}`} onClick={() => onDelete(expense)}>
          Delete
        </Button>
      )}
    </>
  );
}
