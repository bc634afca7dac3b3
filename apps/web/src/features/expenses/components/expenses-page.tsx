import { Link, useSearchParams } from 'react-router';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { FaPlus } from 'react-icons/fa';
import { MESSAGES, can, formatNaira } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { paths } from '../../../lib/paths.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import type { ExpenseFilters as Filters } from '../api/expense-query-keys.ts';
import { useExpenses } from '../api/get-expenses.ts';
import { ExpenseFilters } from './expense-filters.tsx';
import { ALL_ITEMS, TIME_FILTER_LABELS, countLabel, toTimeFilter } from './expense-labels.ts';
import { ExpenseList } from './expense-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * SPEC "Expenses list": "All Expenses" for whoever may see everyone's (admins, managers;
 * DECISIONS 2), "My Expenses" otherwise. The filters live in the address (?category=&time=), so a
 * reload or a shared link keeps them; Today, the default, is left out.
 */
export function ExpensesPage() {
  const { data: user } = useSession();
  const role = user?.role;
  const [params, setParams] = useSearchParams();
  const filters: Filters = { category: params.get('category') ?? ALL_ITEMS, time: toTimeFilter(params.get('time')) };
  const categories = useCategories();
  const expenses = useExpenses(filters);
  const flash = useFlashMessage();
  const canViewAll = can(role, 'view_all_expenses');

  function setFilters(next: Filters) {
    const query = new URLSearchParams();
    if (next.category !== ALL_ITEMS) query.set('category', next.category);
    if (next.time !== 'today') query.set('time', next.time);
    setParams(query, { replace: true });
  }

  const pages = expenses.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];
  const isFilteredByItem = filters.category !== ALL_ITEMS;

  return (
    <Stack gap={0} maw={860}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle>{canViewAll ? 'All Expenses' : 'My Expenses'}</PageTitle>
        {can(role, 'create_expense') && (
          <Button component={Link} to={paths.expenses.create} leftSection={<FaPlus aria-hidden />}>
            Add Expense
          </Button>
        )}
      </Group>
      <Stack gap="md">
        <SuccessBanner message={flash.message} />
        <ErrorBanner message={categories.isError ? MESSAGES.errorLoadingCategories : null} />
        <ExpenseFilters value={filters} categories={categories.data ?? []} isLoadingCategories={categories.isPending} onChange={setFilters} />
        {expenses.isPending ? (
          <PageLoading />
        ) : expenses.isError && !first ? (
          <ErrorBanner message={errorMessage(expenses.error, MESSAGES.loadExpensesFailed)} />
        ) : (
          <>
            <Paper withBorder radius="md" p="md" component="section" aria-label="Total">
              <Group justify="space-between" align="center" gap="xs">
                <div>
                  <Text size="sm" c="dimmed">
                    Total · {TIME_FILTER_LABELS[filters.time]}
                  </Text>
                  <Text fw={700} size="xl" data-testid="expenses-total">
                    {formatNaira(first?.totalKobo ?? 0)}
                  </Text>
                </div>
                <Group gap="xs">
                  {expenses.isFetching && !expenses.isFetchingNextPage && <Loader size="xs" aria-hidden />}
                  <Text size="sm" c="dimmed">
                    {countLabel(first?.count ?? 0)}
                  </Text>
                </Group>
              </Group>
            </Paper>
            {expenses.isError && <ErrorBanner message={errorMessage(expenses.error, MESSAGES.loadExpensesFailed)} />}
            {/* While a new filter's answer is on its way, the last one stays, dimmed. */}
            <div
              aria-busy={expenses.isPlaceholderData}
              style={{ opacity: expenses.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
            >
              {items.length === 0 ? (
                <Paper withBorder radius="md" p="lg">
                  <Stack align="center" gap="sm">
                    <Text c="dimmed">{MESSAGES.noExpensesFound}</Text>
                    {isFilteredByItem && (
                      <Button variant="light" onClick={() => setFilters({ ...filters, category: ALL_ITEMS })}>
                        Clear Filter
                      </Button>
                    )}
                  </Stack>
                </Paper>
              ) : (
                <ExpenseList
                  expenses={items}
                  count={first?.count ?? items.length}
                  currentUserId={user?.id ?? ''}
                  showCreatedBy={canViewAll}
                  canEdit={can(role, 'edit_expense')}
                  canDelete={can(role, 'delete_expense')}
                  hasNextPage={expenses.hasNextPage}
                  isFetchingNextPage={expenses.isFetchingNextPage}
                  onLoadMore={() => void expenses.fetchNextPage()}
                  onDeleted={() => flash.show(MESSAGES.expenseDeleted)}
                />
              )}
            </div>
          </>
        )}
      </Stack>
    </Stack>
  );
}
