import type { LoanProductView, LoanView } from '@kobo/core';
import type { KoboServer, TestUser } from './kobo-server.ts';
import { apiAs } from './users-seed.ts';

/**
 * What the holder's loan screens need an officer to have done, through the real API (in this
 * process, no browser): a product to apply for, and a decision and disbursement once applied.
 */
export async function holderLoansOfficer(kobo: KoboServer, officer: TestUser) {
  const call = await apiAs(kobo, officer);
  return {
    async createProduct(input: Record<string, string | number>): Promise<LoanProductView> {
      const { product } = (await call('POST', '/api/loan-products', input)) as { product: LoanProductView };
      return product;
    },
    async approve(loanId: string): Promise<LoanView> {
      const { loan } = (await call('POST', `/api/loans/${loanId}/decision`, { decision: 'approve' })) as { loan: LoanView };
      return loan;
    },
    /** Paid out today (the server's "today" in Lagos). */
    async disburse(loanId: string): Promise<void> {
      await call('POST', `/api/loans/${loanId}/disbursement`, {});
    },
  };
}

/** The signed-in holder's own loans, read as the borrower reads them (to learn a new loan's id). */
export async function loansOf(kobo: KoboServer, holder: TestUser): Promise<LoanView[]> {
  const call = await apiAs(kobo, holder);
  const { loans } = (await call('GET', '/api/loans/mine')) as { loans: LoanView[] };
  return loans;
}
