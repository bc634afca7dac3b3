import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { findLedgerDrift, findNegativeStatements } from '../modules/ledger/ledger-drift.ts';
import type { HttpCaller } from './http-caller.ts';
import type { SavingsModel } from './savings-model.ts';
import type { SimulationTarget } from './simulation.ts';
import type { Member } from './world.ts';
import { INVARIANTS } from './simulation-failure.ts';

export type Breach = { invariant: string; detail: string };

type Holder = { userId: string; name: string; balanceKobo: number; availableKobo: number; accountId: string | null };

/**
 * The checks run at the end of every simulated month (not only at the end of the run), each
 * returning what it found wrong; all are run, so a failure names every invariant it broke.
 * Balances and the trial balance are read through the API, as a member or an auditor would; the
 * ledger check and the count of postings are read from the database, where they live.
 */
export async function checkInvariants(app: SimulationTarget, officer: HttpCaller, model: SavingsModel, members: readonly Member[]): Promise<Breach[]> {
  const breaches: Breach[] = [];
  const db = app.kobo.database.db;

  // The database's own ledger check: stored balances equal their ledger sums, no statement dips
  // below zero on any day, the books agree with the savings ledger (DECISIONS 9, issues 26, 27).
  const drift = await findLedgerDrift(db);
  const negative = await findNegativeStatements(db);
  const problems = await findBookProblems(db);
  if (drift.length + negative.length + problems.length > 0) {
    breaches.push({ invariant: INVARIANTS.ledgerCheck, detail: JSON.stringify({ drift: drift.slice(0, 3), negative: negative.slice(0, 3), problems: problems.slice(0, 3) }) });
  }

  const trial = await officer.get('/api/books/trial-balance');
  if (trial.status !== 200) {
    breaches.push({ invariant: INVARIANTS.trialBalance, detail: `GET /api/books/trial-balance answered ${trial.status}` });
  } else {
    const { rows, totalDebitKobo, totalCreditKobo } = trial.json as { rows: { debitKobo: number; creditKobo: number }[]; totalDebitKobo: number; totalCreditKobo: number };
    const debits = rows.reduce((sum, row) => sum + row.debitKobo, 0);
    const credits = rows.reduce((sum, row) => sum + row.creditKobo, 0);
    if (totalDebitKobo !== totalCreditKobo || debits !== totalDebitKobo || credits !== totalCreditKobo) {
      breaches.push({ invariant: INVARIANTS.trialBalance, detail: `debits ${totalDebitKobo} (rows ${debits}), credits ${totalCreditKobo} (rows ${credits})` });
    }
  }

  const listed = await officer.get('/api/savings/holders');
  if (listed.status !== 200) {
    breaches.push({ invariant: INVARIANTS.model, detail: `GET /api/savings/holders answered ${listed.status}` });
    return breaches;
  }
  const holders = (listed.json as { holders: Holder[] }).holders;
  const below = holders.filter((holder) => holder.balanceKobo < 0 || holder.availableKobo < 0);
  if (below.length > 0) breaches.push({ invariant: INVARIANTS.noNegative, detail: JSON.stringify(below.slice(0, 5)) });

  // Every member the model knows, to the kobo; and nobody else holding money the model never saw.
  const byUser = new Map(holders.map((holder) => [holder.userId, holder]));
  const disagreements: string[] = [];
  for (const [userId, expected] of model.allBalances()) {
    const found = byUser.get(userId)?.balanceKobo;
    if (found !== expected) disagreements.push(`${byUser.get(userId)?.name ?? userId}: model ${expected}, Kobo ${found ?? 'absent'}`);
  }
  for (const holder of holders) {
    if (!model.allBalances().has(holder.userId) && holder.balanceKobo !== 0) disagreements.push(`${holder.name}: unknown to the model, Kobo ${holder.balanceKobo}`);
  }
  // And as each member sees it, signed in as themselves: this month's statement, whose closing
  // balance is the model's and whose running balance never went below zero on any row.
  const today = officer.today();
  const from = `${today.slice(0, 7)}-01`;
  const statements = await Promise.all(members.map(async (member) => ({ member, answer: await member.caller.get(`/api/savings/statement?from=${from}&to=${today}`) })));
  for (const { member, answer } of statements) {
    if (answer.status !== 200) {
      disagreements.push(`${member.name}'s own statement answered ${answer.status}`);
      continue;
    }
    const statement = answer.json as { openingBalanceKobo: number; closingBalanceKobo: number; rows: { balanceAfterKobo: number }[] };
    if (statement.closingBalanceKobo !== model.balance(member.userId)) {
      disagreements.push(`${member.name}'s own statement closes at ${statement.closingBalanceKobo}; the model has ${model.balance(member.userId)}`);
    }
    const lowest = Math.min(statement.openingBalanceKobo, ...statement.rows.map((row) => row.balanceAfterKobo));
    if (lowest < 0) breaches.push({ invariant: INVARIANTS.noNegative, detail: `${member.name}'s statement from ${from} runs down to ${lowest}` });
  }
  if (disagreements.length > 0) breaches.push({ invariant: INVARIANTS.model, detail: disagreements.slice(0, 10).join('; ') });

  // A key posted twice shows as rows the model never expected, even where amounts cancel out.
  const [count] = await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from savings_transactions`);
  if (count?.rows !== model.expectedRows()) {
    breaches.push({ invariant: INVARIANTS.idempotency, detail: `Kobo holds ${count?.rows} savings postings; the model expects ${model.expectedRows()}` });
  }
  return breaches;
}
