/** What the loans did in a run, counted (the tally shows each step of a loan's life happened). */
export type LoanTally = {
  applications: number;
  topUps: number;
  refusedApplications: number;
  guaranteesAccepted: number;
  guaranteesRefused: number;
  guaranteesDeclined: number;
  approvals: number;
  secondOfficerApprovals: number;
  rejections: number;
  disbursements: number;
  refusedTopUpDisbursements: number;
  runRepayments: number;
  /** Loan entries a payroll remittance wrote (the loop's loan column), and borrowers whose loan deduction came short or not at all. */
  remittanceRepayments: number;
  remittanceLoanShortfalls: number;
  missedRepayments: number;
  earlyRepayments: number;
  payoffs: number;
  refusedRepayments: number;
  repaymentReversals: number;
  refusedRepaymentReversals: number;
  writeOffs: number;
  /** Penalty charges the daily job made (decision 064's addendum). */
  penaltyCharges: number;
  /** Recoveries from guarantors (loan-recovery.ts): approved, declined, refused (not in default, or the proposer's own approval), and penalty waivers. */
  recoveries: number;
  declinedRecoveries: number;
  refusedRecoveries: number;
  refusedOwnRecoveryApprovals: number;
  claimRepayments: number;
  penaltyWaivers: number;
};

export const emptyLoanTally = (): LoanTally => ({
  applications: 0,
  topUps: 0,
  refusedApplications: 0,
  guaranteesAccepted: 0,
  guaranteesRefused: 0,
  guaranteesDeclined: 0,
  approvals: 0,
  secondOfficerApprovals: 0,
  rejections: 0,
  disbursements: 0,
  refusedTopUpDisbursements: 0,
  runRepayments: 0,
  remittanceRepayments: 0,
  remittanceLoanShortfalls: 0,
  missedRepayments: 0,
  earlyRepayments: 0,
  payoffs: 0,
  refusedRepayments: 0,
  repaymentReversals: 0,
  refusedRepaymentReversals: 0,
  writeOffs: 0,
  penaltyCharges: 0,
  recoveries: 0,
  declinedRecoveries: 0,
  refusedRecoveries: 0,
  refusedOwnRecoveryApprovals: 0,
  claimRepayments: 0,
  penaltyWaivers: 0,
});
