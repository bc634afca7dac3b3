import { useEffect, useRef, useState } from 'react';
import { CloseButton, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { FaSearch } from 'react-icons/fa';
import { MAX_SEARCH_LENGTH, MESSAGES, type CategoryView } from '@kobo/core';
import { CategoryMark } from '../../../components/category-icon.tsx';
import type { ExpenseFilters as Filters } from '../api/expense-query-keys.ts';
import { ALL_ITEMS, TIME_FILTER_OPTIONS, toTimeFilter } from './expense-labels.ts';
import { ORDER_OPTIONS, orderOf } from './expense-view-params.ts';

/** Typing pauses this long before the list (and the address) follows: one request per pause, not per key. */
const SEARCH_DELAY_MS = 300;

type Props = {
  value: Filters;
  categories: CategoryView[];
  isLoadingCategories: boolean;
  onChange: (filters: Filters) => void;
};

/** SPEC "Expenses list": by item (All Items or one) and by time (default Today); issue 14 adds search and order. */
export function ExpenseFilters({ value, categories, isLoadingCategories, onChange }: Props) {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return (
    <Stack gap="xs" role="search" aria-label="Filter expenses">
      <SearchBox value={value.q} onSearch={(q) => onChange({ ...value, q })} />
      {/* On a phone Item and Time share a row and the order takes the next, whole (its labels are long). */}
      <Grid gap="sm">
        <Grid.Col span={{ base: 6, sm: 4 }}>
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
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Select
            label="Time"
            miw={0}
            allowDeselect={false}
            data={TIME_FILTER_OPTIONS}
            value={value.time}
            onChange={(time) => onChange({ ...value, time: toTimeFilter(time) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Sort by"
            miw={0}
            allowDeselect={false}
            data={ORDER_OPTIONS}
            value={`${value.sort}.${value.dir}`}
            onChange={(order) => onChange({ ...value, ...orderOf(order) })}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The search keeps what is typed and hands it on after a pause; a new address (Back, a shared
 * link) replaces it, unless it is what was just sent.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The latest callback, so a re-render of the page (new data) does not restart the pause.
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latestOnSearch.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Description, item, amount or who entered it"
      maxLength={MAX_SEARCH_LENGTH}
      leftSection={<FaSearch aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              sent.current = '';
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}
