import { MESSAGES } from '@kobo/core';
import type { BooksSearch, BooksSearchChange } from './books-search.ts';
import { DayField } from './day-field.tsx';

/** From and To for a report over a period; a To before From is refused beside it. */
export function PeriodFields({ search, onChange }: { search: Pick<BooksSearch, 'from' | 'to' | 'isRangeBackwards'>; onChange: (change: BooksSearchChange) => void }) {
  return (
    <>
      <DayField label="From" value={search.from} onChange={(from) => onChange({ from })} />
      <DayField label="To" value={search.to} onChange={(to) => onChange({ to })} error={search.isRangeBackwards ? MESSAGES.endBeforeStart : null} />
    </>
  );
}
