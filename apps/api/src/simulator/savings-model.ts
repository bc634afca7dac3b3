/**
 * The simulator's own idea of every member's savings, in integer kobo: plain arithmetic on what
 * the simulator asked for and Kobo accepted (2xx). It never imports Kobo's money or ledger code,
 * so a bug there cannot hide by being in both (the model is the oracle, issue 35).
 */

/** What one posting did to whom; both legs of a transfer are one posting, reversed together. */
type Posting = { effects: { userId: string; kobo: number }[]; rows: number; reversed: boolean; label: string };

export class SavingsModel {
  private readonly balances = new Map<string, number>();
  /** By each of Kobo's transaction ids the posting wrote (a transfer's two legs share one). */
  private readonly postings = new Map<string, Posting>();
  /** Every savings row Kobo should hold: each posting's rows and each reversal's. */
  private rowCount = 0;

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

  allBalances(): ReadonlyMap<string, number> {
    return this.balances;
  }

  expectedRows(): number {
    return this.rowCount;
  }

  /** A deposit (positive) or a withdrawal (negative) Kobo accepted, under its transaction ids. */
  record(transactionIds: readonly string[], effects: { userId: string; kobo: number }[], label: string): void {
    const posting: Posting = { effects, rows: transactionIds.length, reversed: false, label };
    for (const { userId, kobo } of effects) this.balances.set(userId, this.balance(userId) + kobo);
    for (const id of transactionIds) this.postings.set(id, posting);
    this.rowCount += transactionIds.length;
  }

  /** Postings not yet reversed, by one of their transaction ids, in the order they were made. */
  reversible(): { transactionId: string; label: string }[] {
    const seen = new Set<Posting>();
    const open: { transactionId: string; label: string }[] = [];
    for (const [transactionId, posting] of this.postings) {
      if (posting.reversed || seen.has(posting)) continue;
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

