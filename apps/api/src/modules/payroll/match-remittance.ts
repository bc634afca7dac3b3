import { sql } from 'drizzle-orm';
import {
  AppError,
  asKobo,
  matchMember,
  MEMBER_OUTCOMES,
  MESSAGES,
  parseLayoutAmount,
  type AdviceDetail,
  type MatchedMember,
  type MemberOutcome,
  type RemittanceDraft,
  type RemittanceMatch,
  type RemittedPart,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { readAdvice } from './advice-store.ts';

type Db = Database | Transaction;
type Person = { id: string; name: string; staff_id: string | null; email: string };
type Merged = { row: number | null; ref: string; name: string | null; person: Person | null; parts: RemittedPart[]; unreadable: boolean };

/** The match and the advice it was made against (posting reads both). */
export type MatchedRemittance = { match: RemittanceMatch; advice: AdviceDetail };

/**
 * Matches what payroll remitted to the month's issued advice (issue 30, decision 047), per member
 * and deduction, with core's matchMember. A file's lines for one member (by staff ID, as the
 * monthly run finds them, or email) are merged, their parts concatenated. Advised members with no
 * line are 'not on payroll'; a line for someone not advised, held out, or nobody is 'unexpected'
 * (all of it over). An amount that is no amount refuses the member's line (`reason`); its other
 * parts still count. Members are listed by staff ID, as the advice lists them; a line whose staff
 * ID is nobody's follows, by what it said. `lock` takes the advice's row (posting).
 */
export async function matchRemittance(db: Db, month: string, draft: Pick<RemittanceDraft, 'lines' | 'bankAmountKobo'>, options: { lock?: boolean } = {}): Promise<MatchedRemittance> {
  const advice = await readAdvice(db, month, options);
  if (!advice) throw new AppError('PAYROLL_ADVICE_NOT_FOUND', { field: 'month' });
  if (advice.advice.status !== 'issued') throw new AppError('PAYROLL_ADVICE_NOT_ISSUED');
  const merged = mergeLines(draft.lines, await findPeople(db, draft.lines.map((line) => line.ref)));
  const labels = new Map(advice.deductions.map((deduction) => [deduction.key, deduction.label]));
  const order = advice.deductions.map((deduction) => deduction.key);
  const members: MatchedMember[] = [];
  for (const line of advice.lines) {
    if (line.heldReason !== null) continue;
    const advised = order.filter((key) => (line.deductions[key] ?? 0) > 0).map((key) => ({ key, amountKobo: line.deductions[key] as number }));
    const remitted = merged.get(line.userId) ?? null;
    merged.delete(line.userId);
    members.push(toMember(remitted, { userId: line.userId, name: line.name, staffId: line.staffId, ref: line.staffId ?? remitted?.ref ?? '' }, matchMember(advised, remitted?.parts ?? null), labels));
  }
  for (const line of merged.values()) {
    const who = { userId: line.person?.id ?? null, name: line.person?.name ?? line.name, staffId: line.person?.staff_id ?? null, ref: line.ref };
    members.push(toMember(line, who, matchMember([], line.parts), labels));
  }
  members.sort((a, b) => (a.staffId === null) !== (b.staffId === null) ? (a.staffId === null ? 1 : -1) : (a.staffId ?? a.ref).localeCompare(b.staffId ?? b.ref) || (a.row ?? 0) - (b.row ?? 0));
  return { match: summarise(month, members, draft.bankAmountKobo ?? null, advice.advice.remittancePosted), advice };
}

/** Everyone a line names, by staff ID (stored upper case) or email, in one query. */
async function findPeople(db: Db, refs: readonly string[]): Promise<{ byStaffId: Map<string, Person>; byEmail: Map<string, Person> }> {
  const wanted = [...new Set(refs.map((ref) => ref.trim()).filter((ref) => ref !== ''))];
  const people = wanted.length === 0 ? [] : await queryRows<Person>(
    db,
    sql`select u.id, u.name, u.staff_id, u.email from users u
        where u.staff_id in (select upper(value) from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))
           or lower(u.email) in (select lower(value) from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`,
  );
  return {
    byStaffId: new Map(people.filter((person) => person.staff_id).map((person) => [(person.staff_id as string).toUpperCase(), person])),
    byEmail: new Map(people.map((person) => [person.email.toLowerCase(), person])),
  };
}

/** The lines merged per member (by user, else by what the line said), each part's amount read. */
function mergeLines(lines: RemittanceDraft['lines'], people: Awaited<ReturnType<typeof findPeople>>): Map<string, Merged> {
  const merged = new Map<string, Merged>();
  for (const line of lines) {
    const ref = line.ref.trim();
    const person = people.byStaffId.get(ref.toUpperCase()) ?? people.byEmail.get(ref.toLowerCase()) ?? null;
    const id = person?.id ?? `ref:${ref.toUpperCase()}`;
    const entry = merged.get(id) ?? { row: line.row ?? null, ref, name: line.name?.trim() || null, person, parts: [], unreadable: false };
    for (const part of line.parts) {
      const kobo = parseLayoutAmount(part.amount, 'naira');
      if (kobo === null) entry.unreadable = true;
      else entry.parts.push({ keys: part.keys, amountKobo: kobo });
    }
    merged.set(id, entry);
  }
  return merged;
}

function toMember(
  line: Merged | null,
  who: { userId: string | null; name: string | null; staffId: string | null; ref: string },
  result: ReturnType<typeof matchMember>,
  labels: ReadonlyMap<string, string>,
): MatchedMember {
  return {
    row: line?.row ?? null,
    ref: who.ref,
    userId: who.userId,
    name: who.name,
    staffId: who.staffId,
    outcome: result.outcome,
    advisedKobo: asKobo(result.advisedKobo),
    remittedKobo: asKobo(result.remittedKobo),
    paidKobo: asKobo(result.paidKobo),
    shortKobo: asKobo(result.shortKobo),
    overKobo: asKobo(result.overKobo),
    deductions: result.deductions.map((deduction) => ({ ...deduction, label: labels.get(deduction.key) ?? deduction.key, advisedKobo: asKobo(deduction.advisedKobo), paidKobo: asKobo(deduction.paidKobo) })),
    reason: line?.unreadable ? MESSAGES.enterValidAmount : null,
  };
}

function summarise(month: string, members: MatchedMember[], bankAmountKobo: number | null, alreadyPosted: boolean): RemittanceMatch {
  const counts = Object.fromEntries(MEMBER_OUTCOMES.map((outcome) => [outcome, 0])) as Record<MemberOutcome, number>;
  const outcomeKobo = { ...counts };
  const totals = { advisedKobo: 0, remittedKobo: 0, paidKobo: 0, shortKobo: 0, overKobo: 0 };
  for (const member of members) {
    counts[member.outcome] += 1;
    outcomeKobo[member.outcome] += member.remittedKobo;
    totals.advisedKobo += member.advisedKobo;
    totals.remittedKobo += member.remittedKobo;
    totals.paidKobo += member.paidKobo;
    totals.shortKobo += member.shortKobo;
    totals.overKobo += member.overKobo;
  }
  return {
    month: month as RemittanceMatch['month'],
    members,
    counts,
    outcomeKobo,
    totals: {
      advisedKobo: asKobo(totals.advisedKobo),
      remittedKobo: asKobo(totals.remittedKobo),
      paidKobo: asKobo(totals.paidKobo),
      shortKobo: asKobo(totals.shortKobo),
      overKobo: asKobo(totals.overKobo),
    },
    bankAmountKobo: bankAmountKobo === null ? null : asKobo(bankAmountKobo),
    differenceKobo: bankAmountKobo === null ? null : bankAmountKobo - totals.remittedKobo,
    refusedCount: members.filter((member) => member.reason !== null).length,
    alreadyPosted,
  };
}
