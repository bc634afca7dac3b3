import { formatNaira } from '../money.ts';
import type { LoanRecoveryStatus } from './schemas.ts';

export const LOAN_RECOVERY_STATUS_LABELS: Record<LoanRecoveryStatus, string> = {
  proposed: 'Awaiting approval',
  approved: 'Recovered',
  declined: 'Declined',
};

/** The borrower's line: "You owe Ada Obi ₦22,400.00". */
export function youOweLabel(guarantorName: string, owedKobo: number): string {
  return `You owe ${guarantorName} ${formatNaira(owedKobo)}`;
}

/** The guarantor's line: "Bola Ade owes you ₦22,400.00". */
export function owesYouLabel(borrowerName: string, owedKobo: number): string {
  return `${borrowerName} owes you ${formatNaira(owedKobo)}`;
}

/** The description on a guarantor's savings withdrawal: it names the loan. */
export function recoveryWithdrawalDescription(borrowerName: string, productName: string): string {
  return `Guarantor recovery for ${borrowerName}'s loan (${productName})`;
}
