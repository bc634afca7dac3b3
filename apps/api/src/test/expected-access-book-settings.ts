import type { ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for Settings › Books: the chart of accounts and the mappings (issue 27). */
export const BOOK_SETTINGS_ACCESS: ExpectedAccess[] = [];
