import { sql } from 'drizzle-orm';

/**
 * What one instalment row still owes (principal and interest not yet paid or waived), in SQL over
 * `loan_instalments i`: the same sum as core's owedPrincipal + owedInterest.
 */
export const instalmentOwedSql = sql.raw(
  '(i.principal_kobo - i.principal_paid_kobo + i.interest_kobo - i.interest_paid_kobo - i.interest_waived_kobo)',
);
