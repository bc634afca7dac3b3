import { Group, Select } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { MESSAGES, type CategoryView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import type { ExpenseFilters as Filters } from '../api/expense-query-keys.ts';
import { ALL_ITEMS, TIME_FILTER_OPTIONS, toTimeFilter } from './expense-labels.ts';

type Props = {
  value: Filters;
  categories: CategoryView[];
  isLoadingCategories: boolean;
  onChange: (filters: Filters) => void;
};

/** SPEC "Expenses list": by item (All Items or one) and by time (default Today). */
export function ExpenseFilters({ value, categories, isLoadingCategories, onChange }: Props) {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return (
    <Group grow gap="sm" align="flex-start" preventGrowOverflow={false} role="search" aria-label="Filter expenses">
      <Select
        label="Item"
        miw={0}
        searchable
        allowDeselect={false}
        nothingFoundMessage={MESSAGES.noItemsFound}
        disabled={isLoadingCategories}
        data={[{ value: ALL_ITEMS, label: 'All Items' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
        value={value.category}
        onChange={(category) => onChange({ ...value, category: category ?? ALL_ITEMS })}
        renderOption={({ option }) => {
          const category = byId.get(option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              {category && <CategoryMark color={category.color} icon={category.icon} size={20} />}
              <span>{option.label}</span>
            </Group>
          );
        }}
      />
      <Select
        label="Time"
        miw={0}
        allowDeselect={false}
        data={TIME_FILTER_OPTIONS}
        value={value.time}
        onChange={(time) => onChange({ ...value, time: toTimeFilter(time) })}
      />
    </Group>
  );
}
