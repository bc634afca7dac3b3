import { inArray, sql } from 'drizzle-orm';
import { ROLES, accessLevelOf, formatStaffId, parseStaffId, type Role } from '@kobo/core';
import { queryRows, type Transaction } from '../db/client.ts';
import { counters, savingsAccounts, users } from '../db/schema.ts';
import { recordAudit } from '../modules/audit/record-audit.ts';
import { userTarget } from '../modules/users/user-rows.ts';
import { issueInvitation } from '../modules/users/invitations/issue-invitation.ts';
import { readText, readTimestamp } from './legacy-values.ts';
import type { LegacyImportContext } from './legacy-context.ts';
import { LEGACY_IMPORT_ACTOR } from './legacy-context.ts';

type PersonPlan = {
  legacyId: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  phoneNumber: string | null;
  createdAt: Date | null;
  wantedStaffId: string | null;
};

const quote = (value: unknown) => JSON.stringify(String(value).slice(0, 40));

/**
 * The users collection: people matched to Kobo's by lower(email) (already imported, or already
 * here); new ones made without a password, with the staff ID they had when it is a free STFnnn
 * (else, for staff, the next one from the counter), a savings account for staff, an audit entry,
 * and, when active, an invitation to choose a password.
 */
export async function importPeople(tx: Transaction, context: LegacyImportContext): Promise<void> {
  const { report, file } = context;
  const staffIdsFromSavings = new Map<string, unknown>();
  for (const document of file.collections.staff_savings) {
    const userId = document.fields?.userId ?? document.id;
    if (typeof userId === 'string' && document.fields?.staffId !== undefined) staffIdsFromSavings.set(userId, document.fields.staffId);
  }

  const plans: PersonPlan[] = [];
  const emailsInFile = new Map<string, string>();
  for (const { id, fields } of file.collections.users) {
    const refuse = (reason: string) => report.refused.push({ collection: 'users', id, reason });
    if (!fields) {
      refuse('not a document');
      continue;
    }
    const email = readText(fields.email, 'email', 254);
    if (!email.ok) {
      refuse(email.reason);
      continue;
    }
    if (!email.value || !/^[^@\s]+@[^@\s]+$/.test(email.value)) {
      refuse(email.value ? `email ${quote(email.value)} is not an email address` : 'email is missing');
      continue;
    }
    const name = readText(fields.name ?? fields.displayName, 'name', 100);
    if (!name.ok || !name.value) {
      refuse(name.ok ? 'name is missing' : name.reason);
      continue;
    }
    const role = fields.role ?? 'user';
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      refuse(`unknown role ${quote(role)}`);
      continue;
    }
    const phone = readText(fields.phoneNumber ?? fields.phone, 'phoneNumber', 40);
    if (!phone.ok) {
      refuse(phone.reason);
      continue;
    }
    const createdAt = fields.createdAt === undefined || fields.createdAt === null ? null : readTimestamp(fields.createdAt, 'createdAt');
    if (createdAt && !createdAt.ok) {
      refuse(createdAt.reason);
      continue;
    }
    const lower = email.value.toLowerCase();
    const twin = emailsInFile.get(lower);
    if (twin) {
      refuse(`email ${lower} is also used by users/${twin}`);
      continue;
    }
    emailsInFile.set(lower, id);
    const staffId = fields.staffId ?? staffIdsFromSavings.get(id);
    plans.push({
      legacyId: id,
      name: name.value,
      email: lower,
      role: role as Role,
      active: typeof fields.active === 'boolean' ? fields.active : typeof fields.status === 'string' ? fields.status === 'active' : true,
      phoneNumber: phone.value,
      createdAt: createdAt?.value ?? null,
      wantedStaffId: typeof staffId === 'string' ? staffId.trim() : null,
    });
  }

  const existing = plans.length
    ? await tx.select({ id: users.id, email: users.email, name: users.name, role: users.role }).from(users).where(inArray(sql`lower(${users.email})`, plans.map((plan) => plan.email)))
    : [];
  const existingByEmail = new Map(existing.map((row) => [row.email.toLowerCase(), row]));
  const toCreate: PersonPlan[] = [];
  for (const plan of plans) {
    const found = existingByEmail.get(plan.email);
    if (found) {
      context.people.set(plan.legacyId, { id: found.id, name: found.name, role: found.role });
      report.alreadyImported.users += 1;
    } else {
      toCreate.push(plan);
    }
  }
  const staffIds = await chooseStaffIds(tx, context, toCreate);

  for (const plan of toCreate) {
    const id = crypto.randomUUID();
    const staffId = staffIds.get(plan.legacyId) ?? null;
    await tx.insert(users).values({
      id,
      name: plan.name,
      email: plan.email,
      role: plan.role,
      active: plan.active,
      phoneNumber: plan.phoneNumber,
      accessLevel: accessLevelOf(plan.role),
      staffId,
      ...(plan.createdAt ? { createdAt: plan.createdAt } : {}),
      updatedAt: context.now,
    });
    if (staffId && plan.role === 'staff') await tx.insert(savingsAccounts).values({ userId: id, holderName: plan.name, staffId });
    await recordAudit(tx, {
      kind: 'user.created',
      actor: LEGACY_IMPORT_ACTOR,
      target: userTarget({ id, name: plan.name, email: plan.email }),
      people: [id],
      after: { name: plan.name, email: plan.email, role: plan.role, active: plan.active, staffId, accessLevel: accessLevelOf(plan.role), importedFrom: `users/${plan.legacyId}` },
      at: context.now,
    });
    if (plan.active) {
      await issueInvitation(tx, { userId: id, invitedBy: LEGACY_IMPORT_ACTOR, now: context.now, appUrl: context.appUrl });
      report.imported.invitations += 1;
    }
    context.people.set(plan.legacyId, { id, name: plan.name, role: plan.role });
    report.imported.users += 1;
  }
}

/**
 * Keeps a person's old STFnnn when it is well formed and nobody here or earlier in the file has
 * it; gives staff without one the next number after every kept one (the counter is raised past
 * them, so later staff never collide). Non-staff keep a valid one and otherwise get none.
 */
async function chooseStaffIds(tx: Transaction, context: LegacyImportContext, plans: PersonPlan[]): Promise<Map<string, string>> {
  const wanted = plans.map((plan) => plan.wantedStaffId).filter((value): value is string => value !== null && parseStaffId(value) !== null);
  const taken = new Set(
    wanted.length ? (await tx.select({ staffId: users.staffId }).from(users).where(inArray(users.staffId, wanted))).map((row) => row.staffId) : [],
  );
  const chosen = new Map<string, string>();
  const needNumber: PersonPlan[] = [];
  for (const plan of plans) {
    const wish = plan.wantedStaffId;
    if (wish && parseStaffId(wish) !== null && !taken.has(wish)) {
      taken.add(wish);
      chosen.set(plan.legacyId, wish);
      continue;
    }
    if (wish) {
      const why = parseStaffId(wish) === null ? `staff ID ${quote(wish)} is not STF followed by digits` : `staff ID ${wish} is already taken`;
      context.report.notes.push({ collection: 'users', id: plan.legacyId, note: plan.role === 'staff' ? `${why}; a new one is given` : `${why}; none is kept` });
    }
    if (plan.role === 'staff') needNumber.push(plan);
  }
  const highestKept = Math.max(0, ...[...chosen.values()].map((staffId) => parseStaffId(staffId) ?? 0));
  await tx.execute(sql`update ${counters} set last_value = greatest(last_value, ${highestKept}) where name = 'staff_id'`);
  if (needNumber.length > 0) {
    const [row] = await queryRows<{ last: string }>(
      tx,
      sql`update ${counters} set last_value = last_value + ${needNumber.length} where name = 'staff_id' returning last_value::text as last`,
    );
    const last = Number(row?.last);
    needNumber.forEach((plan, index) => {
      const staffId = formatStaffId(last - needNumber.length + 1 + index);
      chosen.set(plan.legacyId, staffId);
      context.report.notes.push({ collection: 'users', id: plan.legacyId, note: `given staff ID ${staffId}` });
    });
  }
  return chosen;
}
