import type { ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for locked months, manual journal entries and opening balances (issue 27). */
export const BOOK_ENTRIES_ACCESS: ExpectedAccess[] = [];
