import { sql } from 'drizzle-orm';
import type { IsoDate, LoanProductView, LoanView, SavingsHolderListItem } from '@kobo/core';
import type { KoboServer, TestUser } from './kobo-server.ts';
import { apiAs } from './users-seed.ts';

/** A staff member with a savings account, as an officer adds one, and their user id. */
export type LoanHolder = { userId: string; name: string; staffId: string };

let counter = 0;

/**
 * Seeds loan data for the officers' loan screens through the real API (in this process, no
 * browser), signed in as `officer`: products, holders with savings, applications made on their
 * behalf, decisions and disbursements.
 */
export async function loansSeed(kobo: KoboServer, officer: TestUser) {
  const call = await apiAs(kobo, officer);
  return {
    /** A product; figures as the form types them (12 for 12%, 2 for 2×, naira for amounts). */
    async createProduct(input: Record<string, string>): Promise<LoanProductView> {
      const { product } = (await call('POST', '/api/loan-products', input)) as { product: LoanProductView };
      return product;
    },
    /** A staff member with `savings` naira deposited today. */
    async holderWithSavings(name: string, savings: string): Promise<LoanHolder> {
      counter += 1;
      const email = `${name.toLowerCase().replaceAll(/\W+/g, '.')}.${counter}@kobo.test`;
      const { staff } = (await call('POST', '/api/savings/staff', { email, password: 'password1', name })) as { staff: SavingsHolderListItem };
      await call('POST', '/api/savings/transactions', { type: 'deposit', amount: savings, userId: staff.userId });
      return { userId: staff.userId, name, staffId: staff.staffId ?? '' };
    },
    /** An application the officer makes on the holder's behalf (no guarantors). */
    async apply(input: { productId: string; holder: LoanHolder; amount: string; months: string; purpose: string }): Promise<LoanView> {
      const body = { productId: input.productId, userId: input.holder.userId, amount: input.amount, months: input.months, purpose: input.purpose, guarantors: [] };
      const { loan } = (await call('POST', '/api/loans', body)) as { loan: LoanView };
      return loan;
    },
    async approve(loanId: string): Promise<void> {
      await call('POST', `/api/loans/${loanId}/decision`, { decision: 'approve' });
    },
    async disburse(loanId: string, valueDate?: IsoDate): Promise<void> {
      await call('POST', `/api/loans/${loanId}/disbursement`, valueDate ? { valueDate } : {});
    },
    /**
     * Moves an application's day back, straight in the database: the API dates every application
     * now and refuses a disbursement dated before it, so a loan months into its schedule (one in
     * arrears) cannot be made through the API alone.
     */
    async backdateApplication(loanId: string, day: IsoDate): Promise<void> {
      await kobo.app.kobo.database.db.execute(sql`update loans set applied_at = ${`${day}T09:00:00+01:00`}::timestamptz where id = ${loanId}`);
    },
  };
}
