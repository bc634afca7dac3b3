/**
 * The simulator's own idea of every member's savings, in integer kobo: plain arithmetic on what
 * the simulator asked for and Kobo accepted (2xx). It never imports Kobo's money or ledger code,
 * so a bug there cannot hide by being in both (the model is the oracle, issue 35).
 */

/**
 * The two-person threshold the simulation sets, ₦200,000: an officer's withdrawal or transfer
 * above it waits for a second officer (withdrawal-approvals.ts); every ordinary one stays at or under it.
 */
export const WITHDRAWAL_THRESHOLD_KOBO = 20_000_000;

/**
 * What one posting did to whom; both legs of a transfer are one posting, reversed together.
 * `isFixed`: never offered to the reversal operation (a guarantor's recovery withdrawal, or an exit's: decision 055's addendum).
 */
type Posting = { effects: { userId: string; kobo: number }[]; rows: number; reversed: boolean; label: string; isFixed?: boolean };

export class SavingsModel {
  private readonly balances = new Map<string, number>();
  /** By each of Kobo's transaction ids the posting wrote (a transfer's two legs share one). */
  private readonly postings = new Map<string, Posting>();
  /** Each monthly run's postings, by the batch's id, and whether the run was reversed whole. */
  private readonly batches = new Map<string, { transactionIds: string[]; reversed: boolean; isReversibleWhole: boolean; label: string }>();
  /** Every savings row Kobo should hold: each posting's rows and each reversal's. */
  private rowCount = 0;
  /** Told of each posting and reversal as the model takes it: the lifecycle model dates them (lifecycle-model.ts). */
  /** Members who left: their accounts are closed, so nothing of theirs is reversed any more. */
  private readonly closed = new Set<string>();
  observer: { recorded: (transactionIds: readonly string[], effects: readonly { userId: string; kobo: number }[]) => void; reversed: (transactionId: string) => void } | null = null;
  /** What loans hold of each member's savings (loan-model.ts's liens): a withdrawal or transfer may not take it. */
  private holds: (userId: string) => number = () => 0;

  addMember(userId: string): void {
    this.balances.set(userId, 0);
  }

  members(): string[] {
    return [...this.balances.keys()];
  }

  balance(userId: string): number {
    const balance = this.balances.get(userId);
    if (balance === undefined) throw new Error(`the model knows no member ${userId}`);
    return balance;
  }

  setHolds(holds: (userId: string) => number): void {
    this.holds = holds;
  }

  /** What a withdrawal or transfer may take: the balance less what is held, never below zero. */
  available(userId: string): number {
    return Math.max(0, this.balance(userId) - this.holds(userId));
  }

  allBalances(): ReadonlyMap<string, number> {
    return this.balances;
  }

  expectedRows(): number {
    return this.rowCount;
  }

  /** A deposit (positive) or a withdrawal (negative) Kobo accepted, under its transaction ids. */
  record(transactionIds: readonly string[], effects: { userId: string; kobo: number }[], label: string, options: { isFixed?: boolean } = {}): void {
    const posting: Posting = { effects, rows: transactionIds.length, reversed: false, label, ...(options.isFixed ? { isFixed: true } : {}) };
    for (const { userId, kobo } of effects) this.balances.set(userId, this.balance(userId) + kobo);
    for (const id of transactionIds) this.postings.set(id, posting);
    this.rowCount += transactionIds.length;
    this.observer?.recorded(transactionIds, effects);
  }

  /**
   * A monthly run Kobo posted: its postings must already be recorded one by one. A run with loan
   * repayments is not reversed whole by the simulator (docs/decisions/064): its repayments are reversed one by one.
   */
  recordBatch(batchId: string, transactionIds: string[], label: string, isReversibleWhole = true): void {
    this.batches.set(batchId, { transactionIds, reversed: false, isReversibleWhole, label });
  }

  /** A member settled their exit: their account closed. */
  close(userId: string): void {
    this.closed.add(userId);
  }

  private touchesClosed(posting: Posting): boolean {
    return posting.effects.some((effect) => this.closed.has(effect.userId));
  }

  /** Runs not yet reversed whole, in the order they were posted (none touching a closed account). */
  reversibleBatches(): { batchId: string; label: string }[] {
    return [...this.batches]
      .filter(([, batch]) => !batch.reversed && batch.isReversibleWhole && !batch.transactionIds.some((id) => !this.posting(id).reversed && this.touchesClosed(this.posting(id))))
      .map(([batchId, batch]) => ({ batchId, label: batch.label }));
  }

  /** The run's postings not yet reversed one by one: what reversing the run undoes. */
  openPostingsOfBatch(batchId: string): string[] {
    const batch = this.batches.get(batchId);
    if (!batch) throw new Error(`the model knows no batch ${batchId}`);
    return batch.transactionIds.filter((id) => !this.posting(id).reversed);
  }

  /** Whether undoing all of the run's open postings at once would take anyone below zero. */
  batchReversalOverdraws(batchId: string): boolean {
    const change = new Map<string, number>();
    for (const id of this.openPostingsOfBatch(batchId)) {
      for (const { userId, kobo } of this.posting(id).effects) change.set(userId, (change.get(userId) ?? 0) - kobo);
    }
    return [...change].some(([userId, kobo]) => this.balance(userId) + kobo < 0);
  }

  /** Kobo reversed the run (201): its open postings undone, the run closed. */
  reverseBatch(batchId: string): void {
    for (const id of this.openPostingsOfBatch(batchId)) this.reverse(id);
    const batch = this.batches.get(batchId);
    if (batch) batch.reversed = true;
  }

  /** Postings not yet reversed, by one of their transaction ids, in the order they were made (none touching a closed account). */
  reversible(): { transactionId: string; label: string }[] {
    const seen = new Set<Posting>();
    const open: { transactionId: string; label: string }[] = [];
    for (const [transactionId, posting] of this.postings) {
      if (posting.reversed || posting.isFixed || seen.has(posting) || this.touchesClosed(posting)) continue;
      seen.add(posting);
      open.push({ transactionId, label: posting.label });
    }
    return open;
  }

  /** Whether undoing the posting would take anyone below zero today. */
  reversalOverdraws(transactionId: string): boolean {
    const posting = this.posting(transactionId);
    return posting.effects.some(({ userId, kobo }) => this.balance(userId) - kobo < 0);
  }

  /** Kobo reversed it (201): every effect undone, one reversal row per original row. */
  reverse(transactionId: string): void {
    const posting = this.posting(transactionId);
    if (posting.reversed) throw new Error(`posting ${transactionId} reversed twice in the model`);
    posting.reversed = true;
    for (const { userId, kobo } of posting.effects) this.balances.set(userId, this.balance(userId) - kobo);
    this.rowCount += posting.rows;
    this.observer?.reversed(transactionId);
  }

  isReversed(transactionId: string): boolean {
    return this.posting(transactionId).reversed;
  }

  isBatchReversed(batchId: string): boolean {
    return this.batches.get(batchId)?.reversed === true;
  }

  usersOf(transactionId: string): string[] {
    return this.posting(transactionId).effects.map((effect) => effect.userId);
  }

  private posting(transactionId: string): Posting {
    const posting = this.postings.get(transactionId);
    if (!posting) throw new Error(`the model knows no posting ${transactionId}`);
    return posting;
  }
}

/** Integer kobo as the naira text a person types ('1234.05'): the simulator's own formatting. */
export function nairaText(kobo: number): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

