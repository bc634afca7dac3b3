import { formatNaira } from '../money.ts';
import { dayLabel } from '../value-dates.ts';
import type { LoanRecoveryStatus, LoanRecoveryView } from './schemas.ts';

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

/** Who proposed and decided a recovery, as the loan's page says it. */
export function recoveryWhoLabel(recovery: Pick<LoanRecoveryView, 'status' | 'proposedByName' | 'decidedByName' | 'valueDate' | 'declineReason'>): string {
  if (recovery.status === 'proposed') return `Proposed by ${recovery.proposedByName}; another officer approves it on Approvals.`;
  if (recovery.status === 'approved') return `Proposed by ${recovery.proposedByName}, approved by ${recovery.decidedByName ?? ''}${recovery.valueDate ? ` on ${dayLabel(recovery.valueDate)}` : ''}.`;
  return `Proposed by ${recovery.proposedByName}, declined by ${recovery.decidedByName ?? ''}: ${recovery.declineReason ?? ''}`;
}

/** The screens' sentences after each step. */
export const recoveryProposedMessage = (totalKobo: number) => `Recovery of ${formatNaira(totalKobo)} proposed. Another officer approves it on Approvals.`;
export const recoveryApprovedMessage = (totalKobo: number) => `Recovery of ${formatNaira(totalKobo)} approved and posted.`;
export const RECOVERY_DECLINED_MESSAGE = 'Recovery declined. Nothing was taken.';
export const claimRepaidMessage = (borrowerName: string, guarantorName: string, amountKobo: number) => `Recorded: ${borrowerName} repaid ${guarantorName} ${formatNaira(amountKobo)}.`;
