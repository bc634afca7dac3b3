import { useState } from 'react';
import { Paper } from '@mantine/core';
import { MESSAGES, type ExpenseInput, type ExpenseView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { useOrgToday } from '../../../lib/org-calendar.ts';
import { useCreateExpense } from '../api/create-expense.ts';
import { ExpenseForm } from './expense-form.tsx';
import { EntriesJustMade } from './entries-just-made.tsx';
import { listPathShowing } from './expense-view-params.ts';
import { useSaveExpense } from './use-save-expense.ts';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * SPEC 4 / 9: after an expense is added, the form resets and the app goes to /expenses after 2 s
 * (to a list that shows the saved day). Issue 14's rapid entry: Add and new (Ctrl/Cmd+Enter) saves
 * and stays, listing what was entered under the form; typing again cancels any pending redirect.
 */
export function CreateExpensePage() {
  const role = useSession().data?.role;
  const categories = useCategories();
  const { today, isError: isCalendarError } = useOrgToday();
  const create = useCreateExpense();
  const { error, errorField, success, submit, submitAndStay, cancelRedirect } = useSaveExpense(
    (input: ExpenseInput) => create.mutateAsync(input),
    { success: MESSAGES.expenseAdded, failure: MESSAGES.addExpenseFailed },
    (input) => listPathShowing(input.date, today),
  );
  const [justMade, setJustMade] = useState<ExpenseView[]>([]);

  async function addAndNew(input: ExpenseInput): Promise<boolean> {
    const saved = await submitAndStay(input);
    if (saved) setJustMade((entries) => [saved.expense, ...entries]);
    return saved !== null;
  }

  return (
    <>
      <PageTitle>Add Expense</PageTitle>
      <Paper withBorder radius="md" p="md" maw={560}>
        {categories.isError ? (
          <ErrorBanner message={errorMessage(categories.error, MESSAGES.errorLoadingCategories)} />
        ) : categories.isPending || (!today && !isCalendarError) ? (
          <PageLoading />
        ) : (
          <ExpenseForm
            initialValues={{ categoryId: null, amount: '', description: '', date: today ?? '' }}
            categories={categories.data}
            role={role}
            submitLabel="Add Expense"
            isPending={create.isPending}
            error={error}
            errorField={errorField}
            success={success}
            onSubmit={submit}
            resetOnSuccess
            onSubmitAndNew={addAndNew}
            onTyping={cancelRedirect}
          />
        )}
      </Paper>
      <EntriesJustMade entries={justMade} />
    </>
  );
}
