import { Suspense, lazy, type ComponentProps } from 'react';

// Mantine's Pagination (with its styles) loads only on a list long enough to need one: most
// histories on a first visit fit one page (issue 13).
const Pagination = lazy(async () => ({ default: (await import('./pagination.tsx')).Pagination }));

export function LazyPagination(props: ComponentProps<typeof Pagination>) {
  return (
    <Suspense fallback={null}>
      <Pagination {...props} />
    </Suspense>
  );
}
