import { useDeferredValue, useId, useState } from 'react';
import { Divider, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SegmentedControl.css';
import { FaSearch } from 'react-icons/fa';
import { MESSAGES, type CategoryView } from '@kobo/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';
import { useLiveQueries } from '../../../lib/live-changes.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { AddCategoryForm } from './add-category-form.tsx';
import { CategoryList } from './category-list.tsx';
import { SettingsSection } from './settings-section.tsx';

type Sort = 'name' | 'newest';
const SORTS: { value: Sort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest first' },
];

// Live (SPEC 7): another session's add or delete shows at once; an expense changes "in use".
const LIVE = { categories: [EXPENSE_QUERY_ROOTS.categories], expenses: [EXPENSE_QUERY_ROOTS.categories] };

/** What the search and sort show: names containing the search, case-insensitively. */
export function visibleCategories(categories: CategoryView[], search: string, sort: Sort): CategoryView[] {
  const needle = search.trim().toLowerCase();
  const found = needle ? categories.filter((category) => category.name.toLowerCase().includes(needle)) : categories;
  return sort === 'newest'
    ? found.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    : found.toSorted((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/**
 * Settings → Categories (DECISIONS 3: one organisation-wide list, managed by admins and managers):
 * search, sort by name or newest first, the list, and the add form.
 */
export function CategoriesSection() {
  const categories = useCategories();
  useLiveQueries(LIVE);
  const deletion = useDeleteCategory();
  const flash = useFlashMessage();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CategoryView | null>(null);
  const deferredSearch = useDeferredValue(search);
  const sortLabelId = useId();

  function askToDelete(category: CategoryView) {
    flash.clear();
    // Known to be in use: say so now rather than ask a question whose answer is already no.
    if (category.hasExpenses) return setError(MESSAGES.categoryInUse);
    setError(null);
    setToDelete(category);
  }

  function confirmDelete() {
    if (!toDelete || deletion.isPending) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => flash.show(MESSAGES.itemDeleted),
      onError: (failure) => setError(errorMessage(failure, MESSAGES.deleteItemFailed)),
      onSettled: () => setToDelete(null),
    });
  }

  const all = categories.data ?? [];
  return (
    <SettingsSection title="Categories">
      <ErrorBanner message={error} />
      <SuccessBanner message={flash.message} />
      <Group grow gap="sm" align="flex-end" preventGrowOverflow={false} wrap="wrap">
        <TextInput
          type="search"
          label="Search items"
          placeholder="Search by name"
          leftSection={<FaSearch aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          miw={200}
        />
        <Stack gap={4} style={{ flexGrow: 0 }}>
          <span id={sortLabelId} style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>
            Sort by
          </span>
          <SegmentedControl<Sort> aria-labelledby={sortLabelId} data={SORTS} value={sort} onChange={setSort} />
        </Stack>
      </Group>
      {categories.isPending ? (
        <PageLoading />
      ) : categories.isError ? (
        <ErrorBanner message={MESSAGES.loadCategoriesFailed} />
      ) : (
        <CategoryList categories={visibleCategories(all, deferredSearch, sort)} onDelete={askToDelete} />
      )}
      <Divider my="xs" label="Add an item" labelPosition="left" />
      <AddCategoryForm
        existing={all}
        onAdded={() => flash.show(MESSAGES.itemAdded)}
        onError={(message) => {
          if (message) flash.clear();
          setError(message);
        }}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete item"
        message={MESSAGES.confirmDeleteItem}
        confirmLabel="Delete"
        isPending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </SettingsSection>
  );
}
