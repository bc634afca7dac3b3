import { sql } from 'drizzle-orm';
import {
  AppError,
  batchDraftSchema,
  formatNaira,
  koboToNairaString,
  MESSAGES,
  ORDINARY_SAVINGS_PRODUCT_ID,
  parseDeductionKey,
  type MatchedMember,
  type PostedRemittance,
  type RemittanceDraft,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { postBatchWithin } from '../batches/post-batch.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { matchRemittance } from './match-remittance.ts';
import { readPostedRemittance } from './read-remittance.ts';

/**
 * Posts what payroll remitted (issue 30, decision 047), all or nothing, once per advice. In one
 * transaction: the advice locked and the remittance matched again; refused when one was posted
 * (also under a race: the unique index on the advice), when a line cannot be read, or when the
 * bank's amount is not the remitted total. What was paid posts as the month's batch
 * (postBatchWithin: savings per product, loans' repayments, one journal entry); then the
 * remittance and its members' match, the arrears paid down (oldest first) and the new ones,
 * the over-deductions held and their one journal entry (Dr payroll, Cr over-deductions held).
 */
export async function postRemittance(
  deps: SavingsDeps,
  actor: Actor,
  month: string,
  draft: RemittanceDraft,
  key: IdempotencyKey | null,
): Promise<IdempotentResult<PostedRemittance>> {
  try {
    return await postIdempotently(deps.db, key, (tx) => postWithin(tx, deps, actor, month, draft));
  } catch (error) {
    if (isUniqueViolation(error, 'payroll_remittances_advice_key')) throw new AppError('REMITTANCE_ALREADY_POSTED');
    throw error;
  }
}

async function postWithin(tx: Transaction, deps: SavingsDeps, actor: Actor, month: string, draft: RemittanceDraft): Promise<PostedRemittance> {
  const { match, advice } = await matchRemittance(tx, month, draft, { lock: true });
  // Read after the lock, so a post that committed while this one waited is seen.
  const [posted] = await queryRows<{ id: string }>(tx, sql`select id from payroll_remittances where advice_id = ${advice.advice.id}`);
  if (posted) throw new AppError('REMITTANCE_ALREADY_POSTED');
  if (match.refusedCount > 0) throw new AppError('REMITTANCE_NOT_READY');
  if (draft.bankAmountKobo === null || draft.bankAmountKobo === undefined) throw new AppError('VALIDATION', { message: MESSAGES.enterBankAmount, field: 'bankAmountKobo' });
  if (draft.bankAmountKobo !== match.totals.remittedKobo) throw new AppError('REMITTANCE_BANK_MISMATCH', { message: bankMismatch(draft.bankAmountKobo, match.totals.remittedKobo), field: 'bankAmountKobo' });

  const rows = batchRows(match.members);
  const fileHash = draft.fileHash && /^[0-9a-f]{64}$/.test(draft.fileHash) ? draft.fileHash : null;
  const batch =
    rows.length === 0
      ? null
      : await postBatchWithin(tx, deps, actor, batchDraftSchema.parse({ month, valueDate: advice.advice.valueDate, rows, fileName: draft.fileName ?? null, fileHash }));
  const at = deps.now();
  const [remittance] = await queryRows<{ id: string }>(
    tx,
    sql`insert into payroll_remittances (advice_id, batch_id, source, file_name, file_hash, bank_amount_kobo, remitted_kobo, paid_kobo, short_kobo, over_kobo, counts, posted_by_id, posted_by_name, posted_at)
        values (${advice.advice.id}, ${batch?.batchId ?? null}, ${draft.source}, ${draft.fileName ?? null}, ${draft.fileHash ?? null}, ${draft.bankAmountKobo},
                ${match.totals.remittedKobo}, ${match.totals.paidKobo}, ${match.totals.shortKobo}, ${match.totals.overKobo}, ${JSON.stringify(match.counts)}::jsonb,
                ${actor.id}, ${actor.name}, ${at.toISOString()})
        returning id`,
  );
  if (!remittance) throw new Error('the remittance row was not written');
  await writeLines(tx, remittance.id, match.members);
  await payDownArrears(tx, match.members, month);
  await writeNewArrears(tx, remittance.id, match.members, month);
  await holdOverdeductions(tx, actor, remittance.id, match.members, month, advice.advice.valueDate);
  await recordAudit(tx, {
    kind: 'payroll.remittance_posted',
    actor,
    target: { type: 'payroll_remittance', id: remittance.id, label: `Payroll remittance ${month}` },
    after: { month, batchId: batch?.batchId ?? null, source: draft.source, fileName: draft.fileName ?? null, bankAmountKobo: draft.bankAmountKobo, totals: match.totals, counts: match.counts },
    at,
  });
  const answer = await readPostedRemittance(tx, month, { members: false });
  if (!answer) throw new Error('the remittance just posted was not found');
  return answer.remittance;
}

/** 'The bank received ₦14,000.00 but the remittance totals ₦15,000.00: ₦1,000.00 less.' */
function bankMismatch(bankKobo: number, remittedKobo: number): string {
  const difference = bankKobo - remittedKobo;
  return `The bank received ${formatNaira(bankKobo)} but the remittance totals ${formatNaira(remittedKobo)}: ${formatNaira(Math.abs(difference))} ${difference < 0 ? 'less' : 'more'}.`;
}

/** What each member's paid deductions post: ordinary savings (contribution and arrears), each other product, the loan. */
function batchRows(members: readonly MatchedMember[]) {
  return members.flatMap((member) => {
    if (member.userId === null || member.paidKobo === 0) return [];
    const products = new Map<string, number>();
    let loan = 0;
    for (const deduction of member.deductions) {
      const parts = parseDeductionKey(deduction.key);
      if (!parts || deduction.paidKobo === 0) continue;
      if (parts.kind === 'loan') loan += deduction.paidKobo;
      else products.set(parts.productId as string, (products.get(parts.productId as string) ?? 0) + deduction.paidKobo);
    }
    const ordinary = products.get(ORDINARY_SAVINGS_PRODUCT_ID) ?? 0;
    products.delete(ORDINARY_SAVINGS_PRODUCT_ID);
    return [
      {
        ref: member.staffId ?? member.ref,
        // Blank when the row moves only other money (a repayment, another product), as the run allows.
        amount: ordinary > 0 ? koboToNairaString(ordinary) : '',
        loanRepayment: loan > 0 ? koboToNairaString(loan) : null,
        products: Object.fromEntries([...products].map(([productId, kobo]) => [productId, koboToNairaString(kobo)])),
      },
    ];
  });
}

/** Every member's match as kept, in one INSERT. */
async function writeLines(tx: Transaction, remittanceId: string, members: readonly MatchedMember[]): Promise<void> {
  if (members.length === 0) return;
  const input = members.map((member, index) => ({
    line_no: index + 1,
    user_id: member.userId,
    ref: member.ref,
    name: member.name,
    outcome: member.outcome,
    advised_kobo: member.advisedKobo,
    remitted_kobo: member.remittedKobo,
    paid_kobo: member.paidKobo,
    over_kobo: member.overKobo,
    deductions: member.deductions.map(({ key, advisedKobo, paidKobo, outcome }) => ({ key, advisedKobo, paidKobo, outcome })),
  }));
  await tx.execute(sql`
    insert into payroll_remittance_lines (remittance_id, line_no, user_id, ref, name, outcome, advised_kobo, remitted_kobo, paid_kobo, over_kobo, deductions)
    select ${remittanceId}, r.line_no, r.user_id, r.ref, r.name, r.outcome, r.advised_kobo, r.remitted_kobo, r.paid_kobo, r.over_kobo, r.deductions::jsonb
    from json_to_recordset(${JSON.stringify(input)}::json)
      -- deductions read as json and cast: json_to_recordset builds a jsonb field twice as slowly.
      as r(line_no int, user_id text, ref text, name text, outcome text, advised_kobo bigint, remitted_kobo bigint, paid_kobo bigint, over_kobo bigint, deductions json)`);
}

/** What each member's deductions of `kind` were paid (or left short), per product. */
function perProduct(members: readonly MatchedMember[], kind: 'arrears' | 'contribution', amount: (deduction: MatchedMember['deductions'][number]) => number) {
  return members.flatMap((member) =>
    member.userId === null
      ? []
      : member.deductions.flatMap((deduction) => {
          const parts = parseDeductionKey(deduction.key);
          const kobo = amount(deduction);
          return parts?.kind === kind && kobo > 0 ? [{ user_id: member.userId, product_id: parts.productId, kobo }] : [];
        }),
  );
}

/**
 * Each arrears deduction's payment clears the member's outstanding arrears in that product, oldest
 * month first, in one statement: each row takes what is left after the older rows took theirs.
 */
async function payDownArrears(tx: Transaction, members: readonly MatchedMember[], month: string): Promise<void> {
  const paid = perProduct(members, 'arrears', (deduction) => deduction.paidKobo);
  if (paid.length === 0) return;
  await tx.execute(sql`
    with paid as (select * from json_to_recordset(${JSON.stringify(paid)}::json) as p(user_id text, product_id uuid, kobo bigint)),
    owed as (
      select a.id, a.outstanding_kobo, p.kobo,
             coalesce(sum(a.outstanding_kobo) over (partition by a.user_id, a.product_id order by a.month, a.created_at, a.id
                                                    rows between unbounded preceding and 1 preceding), 0) as older
      from contribution_arrears a join paid p on p.user_id = a.user_id and p.product_id = a.product_id
      where a.outstanding_kobo > 0 and a.month < ${month}
    )
    update contribution_arrears c
    set outstanding_kobo = c.outstanding_kobo - least(o.outstanding_kobo, o.kobo - o.older)
    from owed o
    where c.id = o.id and o.kobo > o.older`);
}

/** Each contribution paid short becomes arrears of the advice's month (one INSERT). */
async function writeNewArrears(tx: Transaction, remittanceId: string, members: readonly MatchedMember[], month: string): Promise<void> {
  const short = perProduct(members, 'contribution', (deduction) => deduction.advisedKobo - deduction.paidKobo);
  if (short.length === 0) return;
  await tx.execute(sql`
    insert into contribution_arrears (user_id, product_id, month, remittance_id, amount_kobo, outstanding_kobo)
    select s.user_id, s.product_id, ${month}, ${remittanceId}, s.kobo, s.kobo
    from json_to_recordset(${JSON.stringify(short)}::json) as s(user_id text, product_id uuid, kobo bigint)`);
}

/** What was remitted beyond the advice, held per line, and its one journal entry: Dr payroll, Cr over-deductions held. */
async function holdOverdeductions(tx: Transaction, actor: Actor, remittanceId: string, members: readonly MatchedMember[], month: string, valueDate: string): Promise<void> {
  const over = members.filter((member) => member.overKobo > 0).map((member) => ({ user_id: member.userId, ref: member.ref, name: member.name, kobo: member.overKobo }));
  if (over.length === 0) return;
  await tx.execute(sql`
    insert into payroll_overdeductions (remittance_id, user_id, ref, name, amount_kobo)
    select ${remittanceId}, o.user_id, o.ref, o.name, o.kobo
    from json_to_recordset(${JSON.stringify(over)}::json) as o(user_id text, ref text, name text, kobo bigint)`);
  const total = over.reduce((sum, line) => sum + line.kobo, 0);
  const accounts = await mappedAccounts(tx, ['savings.payroll', 'payroll.overdeductions']);
  await insertEntry(tx, {
    book: 'scheme',
    valueDate: valueDate as Parameters<typeof insertEntry>[1]['valueDate'],
    sourceType: 'payroll',
    sourceId: remittanceId,
    narration: `Over-deductions held from the ${month} payroll remittance`,
    createdById: actor.id,
    lines: [
      { accountId: accounts.get('savings.payroll') as string, amountKobo: total },
      { accountId: accounts.get('payroll.overdeductions') as string, amountKobo: -total },
    ],
  });
}
