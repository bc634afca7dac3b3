import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { FaFileImport, FaPlus } from 'react-icons/fa';
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
import { ALL_ITEMS, TIME_FILTER_LABELS, countLabel } from './expense-labels.ts';
import { ExpenseList, type ExpenseListView } from './expense-list.tsx';
import { ExportViewButton } from './export-view-button.tsx';
import { filtersFromParams, paramsFromFilters } from './expense-view-params.ts';
import { errorMessage } from '../../../lib/api-client.ts';

/** Mantine's `md` breakpoint (62em, 992 px): wide enough for the dense table. */
const DESKTOP = '(min-width: 62em)';

/**
 * SPEC "Expenses list": "All Expenses" for whoever may see everyone's (admins, managers;
 * DECISIONS 2), "My Expenses" otherwise. Every filter (item, time, search, order) lives in the
 * address, so a reload, a bookmark or a shared link keeps them and Back returns to the last view;
 * defaults (All Items, Today, no search, newest entered first) are left out.
 */
export function ExpensesPage() {
  const { data: user } = useSession();
  const role = user?.role;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const categories = useCategories();
  const expenses = useExpenses(filters);
  const categoriesProblem = categories.isError ? errorMessage(categories.error, MESSAGES.errorLoadingCategories) : null;
  const flash = useFlashMessage();
  const canViewAll = can(role, 'view_all_expenses');
  const isDesktop = useMediaQuery(DESKTOP, undefined, { getInitialValueInEffect: false });
  // Remembered on this browser; a phone always gets cards whatever was chosen on a desktop.
  const [chosenView, setChosenView] = useLocalStorage<ExpenseListView>({ key: 'kobo-expenses-view', defaultValue: 'cards', getInitialValueInEffect: false });
  const view: ExpenseListView = isDesktop && chosenView === 'table' ? 'table' : 'cards';

  // Each choice is a step Back can undo; a search refined as it is typed ("die", "diesel") is one step.
  const lastChangeWasSearch = useRef(false);
  function setFilters(next: Filters) {
    const isSearchChange = next.q !== filters.q;
    setParams(paramsFromFilters(next), { replace: isSearchChange && lastChangeWasSearch.current });
    lastChangeWasSearch.current = isSearchChange;
  }

  const pages = expenses.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];
  const isFilteredByItem = filters.category !== ALL_ITEMS;
  const isSearching = filters.q !== '';

  return (
    <Stack gap={0} maw={view === 'table' ? 1200 : 860}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <PageTitle>{canViewAll ? 'All Expenses' : 'My Expenses'}</PageTitle>
        <Group gap="xs">
          <ExportViewButton filters={filters} />
          {can(role, 'create_expense') && (
            <Button component={Link} to={paths.expenses.import} variant="default" leftSection={<FaFileImport aria-hidden />}>
              Import
            </Button>
          )}
          {can(role, 'create_expense') && (
            <Button component={Link} to={paths.expenses.create} leftSection={<FaPlus aria-hidden />}>
              Add Expense
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        <SuccessBanner message={flash.message} />
        {/* One banner when both fail alike (offline: "You're offline" once, not twice). */}
        <ErrorBanner message={categoriesProblem !== null && !(expenses.isError && errorMessage(expenses.error, MESSAGES.loadExpensesFailed) === categoriesProblem) ? categoriesProblem : null} />
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
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Total · {TIME_FILTER_LABELS[filters.time]}
                    {isSearching && ` · “${filters.q}”`}
                  </Text>
                  <Text fw={700} size="xl" data-testid="expenses-total">
                    {formatNaira(first?.totalKobo ?? 0)}
                  </Text>
                </div>
                <Group gap="xs">
                  {expenses.isFetching && !expenses.isFetchingNextPage && <Loader size="xs" aria-hidden />}
                  <Text size="sm" c="dimmed" data-testid="expenses-count">
                    {countLabel(first?.count ?? 0)}
                  </Text>
                  {isDesktop && (
                    <SegmentedControl
                      size="xs"
                      aria-label="Show as"
                      data={[
                        { value: 'cards', label: 'Cards' },
                        { value: 'table', label: 'Table' },
                      ]}
                      value={view}
                      onChange={(next) => setChosenView(next === 'table' ? 'table' : 'cards')}
                    />
                  )}
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
                    <Text c="dimmed">{isSearching ? MESSAGES.noExpensesMatch : MESSAGES.noExpensesFound}</Text>
                    {isSearching && (
                      <Button variant="light" onClick={() => setFilters({ ...filters, q: '' })}>
                        Clear search
                      </Button>
                    )}
                    {isFilteredByItem && (
                      <Button variant="light" onClick={() => setFilters({ ...filters, category: ALL_ITEMS })}>
                        Clear Filter
                      </Button>
                    )}
                  </Stack>
                </Paper>
              ) : (
                <ExpenseList
                  view={view}
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
