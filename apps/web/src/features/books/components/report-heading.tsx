import { Text, Title } from '@mantine/core';
import { BOOK_LABELS, type Book } from '@kobo/core';

/** A report's title, its book and its days: at the top of the screen's report and of the printed page. */
export function ReportHeading({ title, book, days }: { title: string; book: Book; days: string }) {
  return (
    <div>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {BOOK_LABELS[book]} · {days}
      </Text>
    </div>
  );
}
