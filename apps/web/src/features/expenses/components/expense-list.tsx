import { Suspense, lazy, useCallback, useState } from 'react';
import { Stack } from '@mantine/core';
import { MESSAGES, type ExpenseView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteExpense } from '../api/delete-expense.ts';
import { ExpenseCard } from './expense-card.tsx';
import { countLabel } from './expense-labels.ts';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

// The dense table is its own chunk: phones (cards only) and card readers never download it.
const ExpenseTable = lazy(async () => ({ default: (await import('./expense-table.tsx')).ExpenseTable }));

export type ExpenseListView = 'cards' | 'table';

type Props = {
  view: ExpenseListView;
  expenses: ExpenseView[];
  count: number;
  currentUserId: string;
  showCreatedBy: boolean;
  canEdit: boolean;
  canDelete: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  onDeleted: () => void;
};

/**
 * The cards (or, on a desktop that chose it, the dense table), 50 at a time: "Load more" asks
 * the server for the next page. Paging, not virtualising, keeps every shown card in the document for keyboard and screen-reader users and
 * needs no fixed card height (descriptions wrap).
 */
export function ExpenseList(props: Props) {
  const { view, expenses, count, currentUserId, showCreatedBy, canEdit, canDelete, hasNextPage, isFetchingNextPage, onLoadMore, onDeleted } = props;
  const deletion = useDeleteExpense();
  const [toDelete, setToDelete] = useState<ExpenseView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const askToDelete = useCallback((expense: ExpenseView) => {
    setDeleteError(null);
    setToDelete(expense);
  }, []);

  function confirmDelete() {
    if (!toDelete || deletion.isPending) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        onDeleted();
      },
      onError: (failure) => setDeleteError(errorMessage(failure, MESSAGES.deleteExpenseFailed)),
    });
  }

  return (
    <Stack gap="sm">
      {view === 'table' ? (
        <Suspense fallback={<BusyIndicator size="sm" label="Loading the table" />}>
          <ExpenseTable
            expenses={expenses}
            currentUserId={currentUserId}
            showCreatedBy={showCreatedBy}
            canEdit={canEdit}
            canDelete={canDelete}
            onDelete={askToDelete}
          />
        </Suspense>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Expenses">
          {expenses.map((expense) => (
            <ExpenseCard
              key={expense.id}
              expense={expense}
              showCreatedBy={showCreatedBy && expense.userId !== currentUserId}
              canEdit={canEdit}
              canDelete={canDelete}
              onDelete={askToDelete}
            />
          ))}
        </Stack>
      )}
      <LoadMore
        shownCount={expenses.length}
        totalLabel={countLabel(count)}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        onLoadMore={onLoadMore}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete expense"
        message={MESSAGES.confirmDeleteExpense}
        confirmLabel="Delete"
        isPending={deletion.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
