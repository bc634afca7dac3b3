import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY_COLOR, DEFAULT_CATEGORY_ICON, DEFAULT_PAYMENT_METHOD, UNKNOWN_CATEGORY, calendarDate, isCategoryIcon, type IsoDate } from '@kobo/core';
import type { Database, Transaction } from '../db/client.ts';
import { appSettings, categories, expenses, savingsAccounts, users } from '../db/schema.ts';
import { recordAudit } from '../modules/audit/record-audit.ts';
import { importPeople } from './import-people.ts';
import { importSavings } from './import-savings.ts';
import { LEGACY_IMPORT_ACTOR, type LegacyImportContext } from './legacy-context.ts';
import { zeroCounts, type ImportReport } from './legacy-report.ts';
import { readAmount, readDay, readText, readTimestamp } from './legacy-values.ts';
import type { LegacyExport } from './read-legacy-file.ts';
import { isOrdinaryAccount } from '../modules/ledger/ledger-sql.ts';

export type LegacyImportOptions = { now: Date; timeZone: string; appUrl: string; dryRun: boolean };

/** The import's memory of documents that have no natural key: their old ids, per collection. */
export const IMPORTED_IDS_KEYS = { expenses: 'legacy_import.expense_ids', savings: 'legacy_import.savings_ids' } as const;

/** Serialises imports: two at once would each read the other's memory as empty. */
const LEGACY_IMPORT_LOCK = 0x6b6c6567; // 'kleg'

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/**
 * `npm run import:legacy` (issue 16, docs/decisions/026-legacy-import.md): the old app's export,
 * all of it in one transaction, or nothing (any failure rolls every row back). A dry run does the
 * same work and rolls it back, so its report is exactly what an import would do. Running the same
 * file again imports nothing new: people and categories are matched by lower(email) and
 * lower(name), expenses and savings by the old ids kept in app_settings.
 */
export async function importLegacy(db: Database, file: LegacyExport, options: LegacyImportOptions): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: options.dryRun,
    imported: { ...zeroCounts(), invitations: 0 },
    alreadyImported: zeroCounts(),
    nothingNew: false,
    refused: [],
    notes: [],
    ignoredCollections: file.ignoredCollections,
    balances: [],
    staffSavingsDifferences: [],
  };
  const context: LegacyImportContext = { file, report, now: options.now, timeZone: options.timeZone, appUrl: options.appUrl, people: new Map() };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEGACY_IMPORT_LOCK})`);
      await importPeople(tx, context);
      const categoryIds = await importCategories(tx, context);
      const expenseIds = await readImportedIds(tx, IMPORTED_IDS_KEYS.expenses);
      await rememberImportedIds(tx, IMPORTED_IDS_KEYS.expenses, expenseIds, await importExpenses(tx, context, categoryIds, expenseIds));
      const savingsIds = await readImportedIds(tx, IMPORTED_IDS_KEYS.savings);
      await rememberImportedIds(tx, IMPORTED_IDS_KEYS.savings, savingsIds, await importSavings(tx, context, savingsIds));
      await compareStaffSavings(tx, context);
      const { imported } = report;
      report.nothingNew = imported.users + imported.categories + imported.expenses + imported.savingsTransactions === 0;
      if (options.dryRun) throw new DryRunRollback(report);
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
  return report;
}

async function readImportedIds(tx: Transaction, key: string): Promise<Set<string>> {
  const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).for('update');
  return new Set(row ? (JSON.parse(row.value) as string[]) : []);
}

async function rememberImportedIds(tx: Transaction, key: string, before: Set<string>, added: string[]): Promise<void> {
  if (added.length === 0) return;
  const value = JSON.stringify([...before, ...added]);
  await tx.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** Categories by lower(name): new ones created (icon by its FaXxx name), the rest matched. Returns old id → Kobo id. */
async function importCategories(tx: Transaction, context: LegacyImportContext): Promise<Map<string, string>> {
  const { report } = context;
  const byOldId = new Map<string, string>();
  const existing = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const byName = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
  for (const { id, fields } of context.file.collections.categories) {
    const refuse = (reason: string) => report.refused.push({ collection: 'categories', id, reason });
    if (!fields) {
      refuse('not a document');
      continue;
    }
    const name = readText(fields.name, 'name', 60);
    if (!name.ok || !name.value) {
      refuse(name.ok ? 'name is missing' : name.reason);
      continue;
    }
    const known = byName.get(name.value.toLowerCase());
    if (known) {
      byOldId.set(id, known);
      report.alreadyImported.categories += 1;
      continue;
    }
    const color = typeof fields.color === 'string' && /^#[0-9A-Fa-f]{6}$/.test(fields.color.trim()) ? fields.color.trim().toUpperCase() : DEFAULT_CATEGORY_COLOR;
    const icon = typeof fields.icon === 'string' && isCategoryIcon(fields.icon.trim()) ? fields.icon.trim() : DEFAULT_CATEGORY_ICON;
    if (fields.color !== undefined && color === DEFAULT_CATEGORY_COLOR && String(fields.color).toUpperCase() !== DEFAULT_CATEGORY_COLOR) {
      report.notes.push({ collection: 'categories', id, note: `colour ${JSON.stringify(String(fields.color).slice(0, 20))} is not #RRGGBB; ${DEFAULT_CATEGORY_COLOR} is used` });
    }
    if (fields.icon !== undefined && icon !== fields.icon) {
      report.notes.push({ collection: 'categories', id, note: `icon ${JSON.stringify(String(fields.icon).slice(0, 40))} is not one of Kobo's; ${DEFAULT_CATEGORY_ICON} is used` });
    }
    const createdAt = fields.createdAt === undefined ? null : readTimestamp(fields.createdAt, 'createdAt');
    const creator = typeof fields.userId === 'string' ? context.people.get(fields.userId) : undefined;
    const newId = await createCategory(tx, context, { name: name.value, color, icon, createdBy: creator?.id ?? null, createdAt: createdAt?.ok ? createdAt.value : context.now });
    byName.set(name.value.toLowerCase(), newId);
    byOldId.set(id, newId);
  }
  return byOldId;
}

async function createCategory(
  tx: Transaction,
  context: LegacyImportContext,
  input: { name: string; color: string; icon: string; createdBy: string | null; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(categories).values(input).returning({ id: categories.id });
  if (!row) throw new Error('the category was not created');
  await recordAudit(tx, {
    kind: 'category.created',
    actor: LEGACY_IMPORT_ACTOR,
    target: { type: 'category', id: row.id, label: input.name },
    after: { name: input.name, color: input.color, icon: input.icon },
    at: context.now,
  });
  context.report.imported.categories += 1;
  return row.id;
}

/** SPEC 3: an expense whose category is unknown is Other (#95A5A6); the row is made the first time one needs it. */
async function otherCategory(tx: Transaction, context: LegacyImportContext): Promise<string> {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(sql`lower(${categories.name})`, UNKNOWN_CATEGORY.name.toLowerCase()));
  if (found) return found.id;
  return createCategory(tx, context, { name: UNKNOWN_CATEGORY.name, color: UNKNOWN_CATEGORY.color, icon: UNKNOWN_CATEGORY.icon, createdBy: null, createdAt: context.now });
}

async function importExpenses(tx: Transaction, context: LegacyImportContext, categoryIds: Map<string, string>, importedBefore: Set<string>): Promise<string[]> {
  const { report } = context;
  const dayOf = (instant: Date): IsoDate => calendarDate(instant, context.timeZone);
  const rows: (typeof expenses.$inferInsert)[] = [];
  const imported: string[] = [];
  let other: string | null = null;
  const emails = new Map((await tx.select({ id: users.id, email: users.email }).from(users)).map((row) => [row.id, row.email]));
  for (const { id, fields } of context.file.collections.expenses) {
    const refuse = (reason: string) => report.refused.push({ collection: 'expenses', id, reason });
    if (importedBefore.has(id)) {
      report.alreadyImported.expenses += 1;
      continue;
    }
    if (!fields) {
      refuse('not a document');
      continue;
    }
    const amount = readAmount(fields.amount, 'amount', { positive: false });
    if (!amount.ok) {
      refuse(amount.reason);
      continue;
    }
    const day = readDay(fields.date, 'date', dayOf);
    if (!day.ok) {
      refuse(day.reason);
      continue;
    }
    const createdAt = fields.createdAt === undefined || fields.createdAt === null ? null : readTimestamp(fields.createdAt, 'createdAt');
    if (createdAt && !createdAt.ok) {
      refuse(createdAt.reason);
      continue;
    }
    const texts = [
      readText(fields.title, 'title', 200),
      readText(fields.description, 'description', 1000),
      readText(fields.paymentMethod, 'paymentMethod', 40),
      readText(fields.userEmail, 'userEmail', 254),
    ] as const;
    const problem = texts.find((text) => !text.ok);
    if (problem && !problem.ok) {
      refuse(problem.reason);
      continue;
    }
    const [title, description, paymentMethod, userEmail] = texts.map((text) => (text.ok ? text.value : null));
    let categoryId = typeof fields.category === 'string' ? categoryIds.get(fields.category) : undefined;
    if (!categoryId) {
      other ??= await otherCategory(tx, context);
      categoryId = other;
      report.notes.push({ collection: 'expenses', id, note: `category ${JSON.stringify(String(fields.category).slice(0, 60))} is unknown; filed under ${UNKNOWN_CATEGORY.name}` });
    }
    const person = typeof fields.userId === 'string' ? context.people.get(fields.userId) : undefined;
    rows.push({
      title: title ?? null,
      description: description ?? null,
      amountKobo: amount.value,
      categoryId,
      spentOn: day.value,
      paymentMethod: paymentMethod ?? DEFAULT_PAYMENT_METHOD,
      // An expense whose author is not in the file shows 'Unknown User', as a deleted user's does (DECISIONS 7).
      userId: person?.id ?? null,
      userEmail: (person ? emails.get(person.id) : null) ?? userEmail ?? null,
      createdAt: createdAt?.ok ? createdAt.value : context.now,
      updatedAt: context.now,
    });
    imported.push(id);
  }
  for (let start = 0; start < rows.length; start += 500) await tx.insert(expenses).values(rows.slice(start, start + 500));
  report.imported.expenses += rows.length;
  return imported;
}

/** Each staff_savings record's currentBalance against the member's balance from the imported ledger. */
async function compareStaffSavings(tx: Transaction, context: LegacyImportContext): Promise<void> {
  const { report } = context;
  const holders = [...new Set([...context.people.values()].map((person) => person.id))];
  const accounts = holders.length
    ? await tx
        .select({ userId: savingsAccounts.userId, balanceKobo: savingsAccounts.balanceKobo, name: users.name, email: users.email, staffId: users.staffId })
        .from(savingsAccounts)
        .innerJoin(users, eq(users.id, savingsAccounts.userId))
        .where(and(inArray(savingsAccounts.userId, holders), isOrdinaryAccount))
        .orderBy(sql`lower(${users.name})`, users.email)
    : [];
  report.balances = accounts.map(({ name, email, staffId, balanceKobo }) => ({ name, email, staffId, balanceKobo }));
  const balanceOf = new Map(accounts.map((account) => [account.userId, account.balanceKobo]));
  for (const { id, fields } of context.file.collections.staff_savings) {
    const refuse = (reason: string) => report.refused.push({ collection: 'staff_savings', id, reason });
    if (!fields) {
      refuse('not a document');
      continue;
    }
    const legacyUserId = typeof fields.userId === 'string' ? fields.userId : id;
    const person = context.people.get(legacyUserId);
    if (!person) {
      refuse(`${legacyUserId} is not an imported user`);
      continue;
    }
    const recorded = readAmount(fields.currentBalance, 'currentBalance', { positive: false });
    if (!recorded.ok) {
      refuse(recorded.reason);
      continue;
    }
    const ledgerKobo = balanceOf.get(person.id) ?? 0;
    if (recorded.value === ledgerKobo) continue;
    const staffId = accounts.find((account) => account.userId === person.id)?.staffId ?? null;
    report.staffSavingsDifferences.push({ id, name: person.name, staffId, recordedKobo: recorded.value, ledgerKobo, differenceKobo: recorded.value - ledgerKobo });
  }
}
