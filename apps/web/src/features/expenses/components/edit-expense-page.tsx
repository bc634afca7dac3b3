import { Link, useParams } from 'react-router';
import { Anchor, Paper, Stack } from '@mantine/core';
import { MESSAGES, koboToNairaString, type ExpenseInput } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { paths } from '../../../lib/paths.ts';
import { useExpense } from '../api/get-expense.ts';
import { useUpdateExpense } from '../api/update-expense.ts';
import { ExpenseForm } from './expense-form.tsx';
import { listPathShowing } from './expense-view-params.ts';
import { useSaveExpense } from './use-save-expense.ts';

/**
 * DECISIONS 2: editing is a real screen, the create form at /expenses/{id}/edit. Users reach their
 * own expenses, admins and managers any they see; the server answers anyone else 404.
 */
export function EditExpensePage() {
  const { id = '' } = useParams();
  const role = useSession().data?.role;
  const categories = useCategories();
  const expense = useExpense(id);
  const update = useUpdateExpense();
  const { today } = useOrgToday();
  const { error, errorField, success, submit, cancelRedirect } = useSaveExpense(
    (input: ExpenseInput) => update.mutateAsync({ id, input }),
    { success: MESSAGES.expenseUpdated, failure: MESSAGES.updateExpenseFailed },
    (input) => listPathShowing(input.date, today),
  );

  const loadError = expense.isError ? errorMessage(expense.error, MESSAGES.loadExpensesFailed) : categories.isError ? errorMessage(categories.error, MESSAGES.errorLoadingCategories) : null;
  return (
    <>
      <PageTitle>Edit Expense</PageTitle>
      <Paper withBorder radius="md" p="md" maw={560}>
        {loadError ? (
          <Stack gap="sm" align="flex-start">
            <ErrorBanner message={loadError} />
            <Anchor component={Link} to={paths.expenses.list}>
              Back to expenses
            </Anchor>
          </Stack>
        ) : !expense.data || !categories.data ? (
          <PageLoading />
        ) : (
          <ExpenseForm
            initialValues={{
              categoryId: expense.data.category.id,
              amount: koboToNairaString(expense.data.amountKobo),
              description: expense.data.description ?? '',
              date: expense.data.date,
            }}
            categories={categories.data}
            role={role}
            submitLabel="Save Changes"
            isPending={update.isPending}
            extra={{ title: expense.data.title ?? undefined, paymentMethod: expense.data.paymentMethod }}
            error={error}
            errorField={errorField}
            success={success}
            onSubmit={submit}
            resetOnSuccess={false}
            onTyping={cancelRedirect}
            initialReceipts={expense.data.receipts}
          />
        )}
      </Paper>
    </>
  );
}
