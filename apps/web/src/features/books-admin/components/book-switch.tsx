import { SegmentedControl } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { BOOK_LABELS, BOOKS, type Book } from '@kobo/core';

const CHOICES = BOOKS.map((book) => ({ value: book, label: BOOK_LABELS[book] }));

/** The savings scheme's book or the organisation's: two books, never mixed. */
export function BookSwitch({ value, onChange }: { value: Book; onChange: (book: Book) => void }) {
  return <SegmentedControl aria-label="Book" data={CHOICES} value={value} onChange={(next) => onChange(BOOKS.find((book) => book === next) ?? 'scheme')} />;
}
