import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { findLedgerDrift } from '../ledger/ledger-drift.ts';
import { findBookProblems } from '../ledger/book-problems.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext, post, transfer } from '../savings/savings-test-support.ts';
import { activeLoan, balancesOf, exitAtNotice, guarantee } from './exit-settlement-test-support.ts';

// Both databases, as issue 32 asks: on PostgreSQL the postings truly race the settlement; PGlite
// runs one transaction at a time, so there they queue in arrival order, and the same two outcomes
// (and no other) must hold. Issue 32, "Speed and safety": a settlement takes the member's account locks in the ledger's
// order (decision 042), so 50 postings racing it each land whole before it (and it then refuses,
// the statement having changed) or wait and are refused as closed; nothing is half-posted.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-20T10:00:00+01:00'),
);
const db = () => ctx.app.kobo.database.db as Database;

describe('a settlement racing 50 postings', () => {
  it('is all or nothing: each posting lands before it or is refused as closed, and the books stay whole', async () => {
    const leaver = (await addStaff(admin, { name: 'Rasheed Racing' })).userId;
    const guarantor = (await addStaff(admin, { name: 'Gloria Guarantor' })).userId;
    const sender = (await addStaff(admin, { name: 'Segun Sender' })).userId;
    await depositInto(db(), leaver, ORDINARY_SAVINGS_PRODUCT_ID, 6_000_000, '2026-10-01');
    await depositInto(db(), guarantor, ORDINARY_SAVINGS_PRODUCT_ID, 20_000_000, '2026-10-01');
    await depositInto(db(), sender, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-10-01');
    const product = await createFlatLoanProduct(admin, 'Race loan');
    // ₦100,000 borrowed in November (no interest owed yet): ₦60,000 saved leaves a ₦40,000 shortfall, recovered from the guarantor.
    const loanId = await activeLoan(db(), { userId: leaver, productId: product, principalKobo: 10_000_000, disbursedOn: '2026-11-02' });
    await guarantee(db(), loanId, guarantor, 8_000_000);
    const exitId = await exitAtNotice(db(), { userId: leaver, holderName: 'Rasheed Racing' });
    const approved = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-11-20', shortfallChoice: 'guarantors' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().statement.recoveries.map((recovery: { amountKobo: number }) => recovery.amountKobo)).toEqual([4_000_000]);

    const settling = admin.post(`/api/exits/${exitId}/settle`, undefined, { 'idempotency-key': 'race-settle' });
    const toLeaver = [
      ...Array.from({ length: 15 }, () => post(admin, { userId: leaver, type: 'deposit', amount: 1000 })),
      ...Array.from({ length: 10 }, () => post(admin, { userId: leaver, type: 'withdrawal', amount: 1000 })),
      ...Array.from({ length: 15 }, () => transfer(admin, { fromUserId: sender, toUserId: leaver, amount: 1000 })),
    ];
    const byGuarantor = Array.from({ length: 10 }, () => post(admin, { userId: guarantor, type: 'withdrawal', amount: 1000 }));
    const [settled, leaverAnswers, guarantorAnswers] = await Promise.all([settling, Promise.all(toLeaver), Promise.all(byGuarantor)]);

    expect(guarantorAnswers.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    const answers = leaverAnswers.map((response) => (response.statusCode === 201 ? 'posted' : `${response.statusCode} ${response.json().error}`));
    expect(answers.filter((answer) => answer !== 'posted' && answer !== '409 SAVINGS_ACCOUNT_CLOSED')).toEqual([]);
    const [exitEntries] = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from journal_entries where source_type = 'exit' and source_id = ${exitId}`);
    const [state] = await queryRows<{ exit: string; loan: string }>(
      db(),
      sql`select (select status from member_exits where id = ${exitId}) as exit, (select status from loans where id = ${loanId}) as loan`,
    );
    const outcome = {
      settle: settled.statusCode === 201 ? 'settled' : `${settled.statusCode} ${settled.json().error}`,
      landed: answers.filter((answer) => answer === 'posted').length,
      exitEntries: exitEntries!.n,
      state,
      leaver: await balancesOf(db(), leaver),
      guarantor: await balancesOf(db(), guarantor),
      sender: await balancesOf(db(), sender),
    };
    expect([
      // Settled first: every posting to the leaver waited for it and was refused as closed; the guarantor's ₦40,000 was taken.
      {
        settle: 'settled',
        landed: 0,
        exitEntries: '1',
        state: { exit: 'settled', loan: 'repaid' },
        leaver: [{ product: 'Ordinary savings', kobo: 0, closed: true }],
        guarantor: [{ product: 'Ordinary savings', kobo: 15_000_000, closed: false }],
        sender: [{ product: 'Ordinary savings', kobo: 10_000_000, closed: false }],
      },
      // A posting landed first: the statement changed, nothing of the settlement was written, and all 40 landed.
      {
        settle: '409 EXIT_STATEMENT_CHANGED',
        landed: 40,
        exitEntries: '0',
        state: { exit: 'approved', loan: 'active' },
        leaver: [{ product: 'Ordinary savings', kobo: 8_000_000, closed: false }],
        guarantor: [{ product: 'Ordinary savings', kobo: 19_000_000, closed: false }],
        sender: [{ product: 'Ordinary savings', kobo: 8_500_000, closed: false }],
      },
    ]).toContainEqual(outcome);
    expect(await findLedgerDrift(db())).toEqual([]);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('settles, approved again, whatever landed before the locks, and refuses every posting after', async () => {
    const leaver = (await addStaff(admin, { name: 'Rita Rerun' })).userId;
    await depositInto(db(), leaver, ORDINARY_SAVINGS_PRODUCT_ID, 5_000_000, '2026-10-01');
    const exitId = await exitAtNotice(db(), { userId: leaver, holderName: 'Rita Rerun' });
    // Ten deposits land first, then the settlement is approved on what they left, and 40 more race the settlement.
    const first = await Promise.all(Array.from({ length: 10 }, () => post(admin, { userId: leaver, type: 'deposit', amount: 1000 })));
    expect(first.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    const approved = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-11-20' });
    expect(approved.json().statement.payableKobo).toBe(6_000_000);
    const settling = admin.post(`/api/exits/${exitId}/settle`);
    const racing = await Promise.all(Array.from({ length: 40 }, () => post(admin, { userId: leaver, type: 'deposit', amount: 1000 })));
    const settled = await settling;
    const answers = racing.map((response) => (response.statusCode === 201 ? 'posted' : `${response.statusCode} ${response.json().error}`));
    expect(answers.filter((answer) => answer !== 'posted' && answer !== '409 SAVINGS_ACCOUNT_CLOSED')).toEqual([]);
    const outcome = {
      settle: settled.statusCode === 201 ? 'settled' : `${settled.statusCode} ${settled.json().error}`,
      landed: answers.filter((answer) => answer === 'posted').length,
      balances: await balancesOf(db(), leaver),
    };
    expect([
      { settle: 'settled', landed: 0, balances: [{ product: 'Ordinary savings', kobo: 0, closed: true }] },
      { settle: '409 EXIT_STATEMENT_CHANGED', landed: 40, balances: [{ product: 'Ordinary savings', kobo: 10_000_000, closed: false }] },
    ]).toContainEqual(outcome);
    // Refused as changed, it is approved again on what is there and settles that; settled, a second approval is refused.
    const again = await admin.post(`/api/exits/${exitId}/approve`, { settlementDate: '2026-11-20' });
    const now = await admin.post(`/api/exits/${exitId}/settle`);
    expect([again.statusCode, now.statusCode]).toEqual(outcome.settle === 'settled' ? [409, 409] : [200, 201]);
    expect(await balancesOf(db(), leaver)).toEqual([{ product: 'Ordinary savings', kobo: 0, closed: true }]);
    const [entry] = await queryRows<{ lines: string }>(
      db(),
      sql`select string_agg(l.amount_kobo::text, ' ' order by l.line_no) as lines from journal_entries e join journal_lines l on l.entry_id = e.id where e.source_type = 'exit' and e.source_id = ${exitId}`,
    );
    expect(entry!.lines).toBe(outcome.settle === 'settled' ? '6000000 -6000000' : '10000000 -10000000');
    expect(await findLedgerDrift(db())).toEqual([]);
    expect(await findBookProblems(db())).toEqual([]);
  });
});
