import '@mantine/core/styles/Pagination.css';

/** Mantine's Pagination with its styles, as one module that components/lazy-pagination.tsx loads on demand. */
export { Pagination } from '@mantine/core';
