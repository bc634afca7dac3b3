import type { HttpCaller, RequestLog } from './http-caller.ts';
import type { ExpenseBook } from './expenses.ts';
import { emptyExitLoanTally, type ExitLoanTally } from './exit-loans.ts';
import type { PendingExit } from './exits.ts';
import type { LifecycleModel } from './lifecycle-model.ts';
import type { LoanWorld } from './loan-operations.ts';
import { emptyLoanTally, type LoanTally } from './loan-tally.ts';
import { emptyApprovalTally, type ApprovalTally, type ApprovalWorld } from './withdrawal-approvals.ts';
import type { Random } from './prng.ts';
import type { SavingsModel } from './savings-model.ts';
import type { SimulatedClock } from './simulated-clock.ts';

/** A member of the simulated scheme: their user id, and a caller signed in as them. */
export type Member = { number: number; userId: string; staffId: string; name: string; caller: HttpCaller };

/** What the run counts, for the report and for tests that need to see each operation happened. */
export type Tally = {
  requests: number;
  joins: number;
  deposits: number;
  withdrawals: number;
  refusedOverdraws: number;
  transfers: number;
  reversals: number;
  refusedReversals: number;
  batches: number;
  batchReversals: number;
  replays: number;
  hostile: number;
  contributionChanges: number;
  remittances: number;
  yearEnds: number;
  notices: number;
  exits: number;
  deaths: number;
  cancelledExits: number;
  expenses: number;
  expenseEdits: number;
  expenseDeletes: number;
  expenseImports: number;
  expenseImportsUndone: number;
  loans: LoanTally;
  /** Withdrawals above the two-person threshold (withdrawal-approvals.ts). */
  approvals: ApprovalTally;
  /** Leavers' loans paid off, guarantees freed, shortfalls met (exit-loans.ts). */
  exitLoans: ExitLoanTally;
};

/** Everything an operation needs: the callers, the model, the dice and the clock. */
export type World = {
  seed: number;
  random: Random;
  clock: SimulatedClock;
  log: RequestLog;
  model: SavingsModel;
  /** Standing contributions, the payroll loop, the year end and exits (lifecycle-operations.ts): their model and their own dice. */
  life: { model: LifecycleModel; random: Random; lastMonth: string; exits: PendingExit[]; expenses: ExpenseBook };
  /** The loans: their model, dice, product and second officer (loan-operations.ts). */
  loans: LoanWorld;
  /** Withdrawals waiting for a second officer, and their dice (withdrawal-approvals.ts). */
  approvals: ApprovalWorld;
  officer: HttpCaller;
  /** The payroll program: an API token with the savings_batches scope. */
  payroll: HttpCaller;
  members: Member[];
  targetMembers: number;
  /** Joins planned so far: each new member's number. */
  joinsPlanned: number;
  tally: Tally;
  /** A fresh Idempotency-Key, from the seed's dice, so a replay of the seed sends the same keys. */
  newKey: () => string;
  /** Opens a new caller on the server (a member signing in). */
  openCaller: (name: string) => HttpCaller;
};

export const emptyTally = (): Tally => ({
  requests: 0,
  joins: 0,
  deposits: 0,
  withdrawals: 0,
  refusedOverdraws: 0,
  transfers: 0,
  reversals: 0,
  refusedReversals: 0,
  batches: 0,
  batchReversals: 0,
  replays: 0,
  hostile: 0,
  contributionChanges: 0,
  remittances: 0,
  yearEnds: 0,
  notices: 0,
  exits: 0,
  deaths: 0,
  cancelledExits: 0,
  expenses: 0,
  expenseEdits: 0,
  expenseDeletes: 0,
  expenseImports: 0,
  expenseImportsUndone: 0,
  loans: emptyLoanTally(),
  approvals: emptyApprovalTally(),
  exitLoans: emptyExitLoanTally(),
});
