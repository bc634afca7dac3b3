import { Title } from '@mantine/core';

/** Issue 27: the books' reports (being built). */
export function BooksPage() {
  return <Title order={2}>Books</Title>;
}
