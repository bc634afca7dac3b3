import { ADMIN_AND_AUDITOR, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for issue 31's AGM pack (modules/year-end-pack): read by whoever reads the books. */
export const YEAR_END_PACK_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/year-end/pack', path: '/api/year-end/pack?year=2026', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/year-end/pack.xlsx', path: '/api/year-end/pack.xlsx?year=2026', expect: ADMIN_AND_AUDITOR },
];
