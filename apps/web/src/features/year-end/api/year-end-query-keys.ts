/** The year end's answers: every key starts with 'year-end', so one invalidation after a write refreshes them all. */
export const yearEndKeys = {
  all: ['year-end'] as const,
  settings: ['year-end', 'settings'] as const,
  years: ['year-end', 'years'] as const,
  surplus: (year: number) => ['year-end', 'surplus', year] as const,
  run: (id: string) => ['year-end', 'run', id] as const,
  preview: (id: string) => ['year-end', 'preview', id] as const,
  products: ['year-end', 'products'] as const,
  pack: (year: number) => ['year-end', 'pack', year] as const,
};
