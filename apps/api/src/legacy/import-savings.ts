import { and, eq, inArray, sql } from 'drizzle-orm';
import { calendarDate, formatNaira, holdsSavings } from '@kobo/core';
import type { Transaction } from '../db/client.ts';
import { ledgerNotices, savingsAccounts, savingsTransactions, users } from '../db/schema.ts';
import { readAmount, readText, readTimestamp } from './legacy-values.ts';
import type { LegacyImportContext } from './legacy-context.ts';
import { isOrdinaryAccount } from '../modules/ledger/ledger-sql.ts';

const TYPES = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'] as const;
type LegType = (typeof TYPES)[number];

/** The two legs of one transfer may carry slightly different times (two writes from the browser). */
const TRANSFER_TIME_TOLERANCE_MS = 5_000;

type Leg = {
  legacyId: string;
  order: number;
  userId: string;
  holderName: string;
  type: LegType;
  amountKobo: number;
  at: Date;
  createdBy: string;
  processedBy: string | null;
  description: string | null;
  /** The other party's old user id, and the name the old app wrote for them. */
  otherLegacyId: string | null;
  otherName: string | null;
  legacyUserId: string;
};

type Movement = { at: Date; order: number; legs: [Leg] | [Leg, Leg] };

/**
 * The savings collection: each document a ledger row of its holder, transfers as pairs (a
 * transfer_out and the transfer_in with the same two people, amount and time) sharing one
 * transfer id. Posted in time order, each account's balance checked never to go below zero; the
 * stored balance is the sum of what was posted. Documents imported before (their ids are the
 * import's memory) are skipped; everything refused is reported with its reason.
 */
export async function importSavings(tx: Transaction, context: LegacyImportContext, importedBefore: Set<string>): Promise<string[]> {
  const { report } = context;
  const legs: Leg[] = [];
  context.file.collections.savings.forEach(({ id, fields }, order) => {
    const refuse = (reason: string) => report.refused.push({ collection: 'savings', id, reason });
    if (importedBefore.has(id)) {
      report.alreadyImported.savingsTransactions += 1;
      if (fields?.type === 'transfer_out') report.alreadyImported.transferPairs += 1;
      return;
    }
    if (!fields) return refuse('not a document');
    const legacyUserId = typeof fields.userId === 'string' ? fields.userId : null;
    const holder = legacyUserId ? context.people.get(legacyUserId) : undefined;
    if (!legacyUserId || !holder) return refuse(legacyUserId ? `userId ${legacyUserId} is not an imported user` : 'userId is missing');
    if (!holdsSavings(holder.role)) return refuse(`${holder.name} is an administrator, and administrators hold no savings`);
    const type = fields.type;
    if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type)) return refuse(`unknown type ${JSON.stringify(String(type).slice(0, 40))}`);
    const amount = readAmount(fields.amount, 'amount', { positive: true });
    if (!amount.ok) return refuse(amount.reason);
    const at = readTimestamp(fields.createdAt, 'createdAt');
    if (!at.ok) return refuse(at.reason);
    const texts = {
      createdBy: readText(fields.createdBy, 'createdBy', 254),
      processedBy: readText(fields.processedBy, 'processedBy', 254),
      description: readText(fields.description, 'description', 1000),
      otherName: readText(type === 'transfer_out' ? fields.transferToName : fields.transferFromName, 'transfer name', 100),
    };
    for (const text of Object.values(texts)) if (!text.ok) return refuse(text.reason);
    const value = (read: (typeof texts)[keyof typeof texts]) => (read.ok ? read.value : null);
    const other = type === 'transfer_out' ? fields.transferToUser : type === 'transfer_in' ? fields.transferFromUser : null;
    if ((type === 'transfer_out' || type === 'transfer_in') && typeof other !== 'string') {
      return refuse(`${type} without ${type === 'transfer_out' ? 'transferToUser' : 'transferFromUser'}`);
    }
    legs.push({
      legacyId: id,
      order,
      userId: holder.id,
      holderName: holder.name,
      type: type as LegType,
      amountKobo: amount.value,
      at: at.value,
      createdBy: value(texts.createdBy) ?? 'unknown (old app)',
      processedBy: value(texts.processedBy),
      description: value(texts.description),
      otherLegacyId: typeof other === 'string' ? other : null,
      otherName: value(texts.otherName),
      legacyUserId,
    });
  });

  const movements = pairTransfers(legs, context);
  movements.sort((one, two) => one.at.getTime() - two.at.getTime() || one.order - two.order);
  return postMovements(tx, context, movements);
}

/** Singles as they are; each transfer_out with the closest matching transfer_in; unmatched legs refused. */
function pairTransfers(legs: Leg[], context: LegacyImportContext): Movement[] {
  const movements: Movement[] = [];
  const openIns = legs.filter((leg) => leg.type === 'transfer_in');
  for (const leg of legs) {
    if (leg.type === 'deposit' || leg.type === 'withdrawal') movements.push({ at: leg.at, order: leg.order, legs: [leg] });
    if (leg.type !== 'transfer_out') continue;
    const candidates = openIns.filter(
      (inLeg) =>
        inLeg.legacyUserId === leg.otherLegacyId &&
        inLeg.otherLegacyId === leg.legacyUserId &&
        inLeg.amountKobo === leg.amountKobo &&
        Math.abs(inLeg.at.getTime() - leg.at.getTime()) <= TRANSFER_TIME_TOLERANCE_MS,
    );
    const match = candidates.toSorted((one, two) => Math.abs(one.at.getTime() - leg.at.getTime()) - Math.abs(two.at.getTime() - leg.at.getTime()))[0];
    if (!match) {
      context.report.refused.push({ collection: 'savings', id: leg.legacyId, reason: 'transfer_out has no matching transfer_in (same two people, amount and time)' });
      continue;
    }
    openIns.splice(openIns.indexOf(match), 1);
    movements.push({ at: leg.at, order: leg.order, legs: [leg, match] });
  }
  for (const orphan of openIns) {
    context.report.refused.push({ collection: 'savings', id: orphan.legacyId, reason: 'transfer_in has no matching transfer_out (same two people, amount and time)' });
  }
  return movements;
}

async function postMovements(tx: Transaction, context: LegacyImportContext, movements: Movement[]): Promise<string[]> {
  const holderIds = [...new Set(movements.flatMap((movement) => movement.legs.map((leg) => leg.userId)))];
  const accounts = await openAccounts(tx, holderIds);
  const rows: (typeof savingsTransactions.$inferInsert)[] = [];
  const imported: string[] = [];
  for (const movement of movements) {
    const [first, second] = movement.legs;
    const account = accounts.get(first.userId);
    if (!account) throw new Error('an account was not opened');
    if (first.type === 'withdrawal' || first.type === 'transfer_out') {
      if (first.amountKobo > account.balance) {
        const reason = `would overdraw ${first.holderName}'s savings (balance then ${formatNaira(account.balance)})`;
        for (const leg of movement.legs) context.report.refused.push({ collection: 'savings', id: leg.legacyId, reason });
        continue;
      }
    }
    const transferId = second ? crypto.randomUUID() : null;
    const counterparty = second ? accounts.get(second.userId) : undefined;
    for (const leg of movement.legs) {
      const own = accounts.get(leg.userId);
      if (!own) throw new Error('an account was not opened');
      const other = leg === first ? counterparty : account;
      const otherLeg = leg === first ? second : first;
      own.balance += leg.type === 'deposit' || leg.type === 'transfer_in' ? leg.amountKobo : -leg.amountKobo;
      own.lastAt = own.lastAt && own.lastAt > movement.at ? own.lastAt : movement.at;
      rows.push({
        accountId: own.id,
        type: leg.type,
        amountKobo: leg.amountKobo,
        description: leg.description,
        transferId,
        counterpartyAccountId: transferId && other ? other.id : null,
        counterpartyName: transferId ? (leg.otherName ?? otherLeg?.holderName ?? null) : null,
        createdByEmail: leg.createdBy,
        processedByEmail: leg.processedBy,
        // A transfer's legs share one timestamp (DECISIONS 9): the outgoing leg's.
        createdAt: movement.at,
        valueDate: calendarDate(movement.at, context.timeZone),
      });
      imported.push(leg.legacyId);
    }
    context.report.imported.savingsTransactions += movement.legs.length;
    if (second) context.report.imported.transferPairs += 1;
  }

  // Members' opening savings post against Opening balances, not Bank (issue 27): the savings
  // posting rule reads this setting, for this transaction only, and it is cleared after.
  await tx.execute(sql`select set_config('kobo.savings_counter_key', 'scheme.opening', true)`);
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx.insert(savingsTransactions).values(rows.slice(start, start + 500)).returning({ id: savingsTransactions.id });
    // Years-old history is not news: no "money moved" mail for it (the notifier reads these notices).
    if (inserted.length > 0) await tx.delete(ledgerNotices).where(inArray(ledgerNotices.entryId, inserted.map((row) => row.id)));
  }
  await tx.execute(sql`select set_config('kobo.savings_counter_key', '', true)`);
  for (const account of accounts.values()) {
    if (!account.lastAt) continue;
    await tx
      .update(savingsAccounts)
      .set({ balanceKobo: account.balance, lastUpdated: sql`greatest(${savingsAccounts.lastUpdated}, ${account.lastAt.toISOString()}::timestamptz)` })
      .where(eq(savingsAccounts.id, account.id));
  }
  return imported;
}

/** Every holder's account, opened at zero where it was not yet (DECISIONS 8), with its balance now. */
async function openAccounts(tx: Transaction, userIds: string[]) {
  const accounts = new Map<string, { id: string; balance: number; lastAt: Date | null }>();
  if (userIds.length === 0) return accounts;
  const holders = await tx.select({ id: users.id, name: users.name, staffId: users.staffId }).from(users).where(inArray(users.id, userIds));
  await tx
    .insert(savingsAccounts)
    .values(holders.map((holder) => ({ userId: holder.id, holderName: holder.name, staffId: holder.staffId })))
    .onConflictDoNothing({ target: [savingsAccounts.userId, savingsAccounts.productId] });
  const rows = await tx
    .select({ id: savingsAccounts.id, userId: savingsAccounts.userId, balance: savingsAccounts.balanceKobo })
    .from(savingsAccounts)
    .where(and(inArray(savingsAccounts.userId, userIds), isOrdinaryAccount))
    .for('update');
  for (const row of rows) if (row.userId) accounts.set(row.userId, { id: row.id, balance: row.balance, lastAt: null });
  return accounts;
}
