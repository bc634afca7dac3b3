import type { ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for the books' reports: trial balance, income and expenditure, balance sheet, general ledger, journal (issue 27). */
export const BOOK_REPORTS_ACCESS: ExpectedAccess[] = [];
