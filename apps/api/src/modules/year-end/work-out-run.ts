import { sql } from 'drizzle-orm';
import {
  AppError,
  appropriationProblems,
  asKobo,
  distributeYearEnd,
  MESSAGES,
  minimumReserveKobo,
  ORDINARY_SAVINGS_PRODUCT_ID,
  roundHalfUp,
  savingsInterest,
  shareDividend,
  sumExact,
  type MemberGross,
  type YearEndAppropriation,
  type YearEndLine,
  type YearEndRunInput,
  type YearEndSettings,
} from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import type { BookDeps } from '../books/book-views.ts';
import { readMemberYears, type MemberYear } from './read-member-years.ts';
import { readSurplus } from './read-surplus.ts';
import { readYearEndSettings, yearOf } from './year-end-settings.ts';

export const DIVIDEND_LABEL = 'Dividend on shares';

/** A member with an account in the run's products: who they are and where each part is paid. */
export type RunMember = { name: string; staffId: string | null; email: string; accounts: Map<string, string> };

export type WorkedRun = { figures: YearEndAppropriation; lines: YearEndLine[]; members: Map<string, RunMember> };

type ProductRow = { id: string; name: string; kind: string };
type AccountRow = { user_id: string; name: string; staff_id: string | null; email: string; product_id: string; account_id: string };

/**
 * A proposal worked out (issue 31, "The run" 2–4): the surplus, each part's amount at its rate
 * (the members' exact grosses summed, rounded half up once), carried forward as the rest, the
 * problems beside their fields, and every member's line (half up, tax taken from the gross).
 * Members whose gross is ₦0.00 have no line.
 */
export async function workOutRun(deps: BookDeps, input: YearEndRunInput, db: Database | Transaction = deps.db, given?: YearEndSettings): Promise<WorkedRun> {
  const settings = given ?? (await readYearEndSettings(db));
  const year = yearOf(input.year, settings.firstMonth);
  const products = new Map((await queryRows<ProductRow>(db, sql`select id::text, name, kind from savings_products`)).map((row) => [row.id, row]));
  for (const item of input.interest) {
    const product = products.get(item.productId);
    if (!product || product.kind === 'shares') throw new AppError('VALIDATION', { message: MESSAGES.yearEndNotSavingsProduct, field: 'interest' });
  }
  const surplus = await readSurplus(deps, input.year, db);
  const memberYears = await readMemberYears(db, year, { isDividend: input.dividend.rateBp > 0, interestProductIds: input.interest.map((item) => item.productId) });
  const members = await readRunMembers(db, [ORDINARY_SAVINGS_PRODUCT_ID, ...[...products.values()].filter((row) => row.kind === 'shares').map((row) => row.id), ...input.interest.map((item) => item.productId)]);
  const byPart = new Map<string, MemberYear[]>();
  for (const member of memberYears) {
    const list = byPart.get(member.part) ?? [];
    list.push(member);
    byPart.set(member.part, list);
  }
  const ordinaryName = products.get(ORDINARY_SAVINGS_PRODUCT_ID)?.name ?? 'Ordinary savings';

  const nameOf = (userId: string) => members.get(userId)?.name ?? '';
  const lines: YearEndLine[] = [];
  const partOf = (part: string, label: string, method: YearEndLine['method'], rateBp: number, toProductId: string, toProductName: string, gross: (member: MemberYear) => MemberGross) => {
    const worked = (byPart.get(part) ?? []).map((member) => ({ member, ...gross(member) }));
    const atRate = asKobo(roundHalfUp(sumExact(worked.map((line) => line.exact))));
    const distribution = distributeYearEnd({ appropriatedKobo: atRate, withholdingTaxBp: settings.withholdingTaxBp, members: worked });
    const paid = distribution.lines.filter((line) => line.grossKobo > 0);
    // By name within the part, so the preview, the workbook and the posting read in one order.
    const ordered = paid.toSorted((x, y) => nameOf(x.member.userId).localeCompare(nameOf(y.member.userId)) || x.member.userId.localeCompare(y.member.userId));
    for (const line of ordered) {
      const person = members.get(line.member.userId);
      lines.push({
        userId: line.member.userId,
        name: person?.name ?? '',
        staffId: person?.staffId ?? null,
        part,
        label,
        method,
        rateBp,
        basisKobo: asKobo(roundHalfUp(line.basis)),
        grossKobo: line.grossKobo,
        taxKobo: line.taxKobo,
        netKobo: line.netKobo,
        accountId: person?.accounts.get(toProductId) ?? null,
        toProductName,
      });
    }
    return { amountKobo: atRate, memberCount: paid.length };
  };

  const dividend = partOf('dividend', DIVIDEND_LABEL, input.dividend.method, input.dividend.rateBp, ORDINARY_SAVINGS_PRODUCT_ID, ordinaryName, (member) =>
    shareDividend(member.balances, input.dividend.method, input.dividend.rateBp),
  );
  const interest = input.interest.map((item) => {
    const name = products.get(item.productId)?.name ?? '';
    const part = partOf(`interest:${item.productId}`, name, item.method, item.rateBp, item.productId, name, (member) => savingsInterest(member.balances, item.method, item.rateBp));
    return { ...item, productName: name, ...part };
  });

  const distributed = dividend.amountKobo + interest.reduce((sum, item) => sum + item.amountKobo, 0) + input.educationFundKobo + input.welfareFundKobo;
  const carriedForwardKobo = surplus.surplusKobo - input.reserveKobo - distributed;
  const problems = appropriationProblems({
    surplusKobo: surplus.surplusKobo,
    reservePercentBp: settings.reservePercentBp,
    reserveKobo: input.reserveKobo,
    dividendKobo: dividend.amountKobo,
    savingsInterestKobo: Object.fromEntries(interest.map((item) => [item.productId, item.amountKobo])),
    educationFundKobo: input.educationFundKobo,
    welfareFundKobo: input.welfareFundKobo,
    carriedForwardKobo,
  });
  const figures: YearEndAppropriation = {
    year: input.year,
    from: year.from,
    to: year.to,
    surplusKobo: surplus.surplusKobo,
    reservePercentBp: settings.reservePercentBp,
    minimumReserveKobo: asKobo(minimumReserveKobo(surplus.surplusKobo, settings.reservePercentBp)),
    withholdingTaxBp: settings.withholdingTaxBp,
    reserveKobo: asKobo(input.reserveKobo),
    dividend: { ...input.dividend, amountKobo: dividend.amountKobo, memberCount: dividend.memberCount },
    interest,
    educationFundKobo: asKobo(input.educationFundKobo),
    welfareFundKobo: asKobo(input.welfareFundKobo),
    carriedForwardKobo,
    problems,
  };
  return { figures, lines, members };
}

/** The first problem, beside its field, as the refusal of a save: an over-distribution before carried forward's echo of it. */
export function refuseProblems(figures: YearEndAppropriation): void {
  const [first] = figures.problems.toSorted((a, b) => Number(a.field === 'carriedForwardKobo') - Number(b.field === 'carriedForwardKobo'));
  if (first) throw new AppError('YEAR_END_APPROPRIATION_REFUSED', { message: first.message, field: first.field });
}

/** Who holds accounts in the products, with each account's id, in one query. */
export async function readRunMembers(db: Database | Transaction, productIds: readonly string[]): Promise<Map<string, RunMember>> {
  const rows = await queryRows<AccountRow>(
    db,
    sql`select u.id as user_id, u.name, u.staff_id, u.email, a.product_id::text as product_id, a.id::text as account_id
        from savings_accounts a join users u on u.id = a.user_id
        where a.product_id::text in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`,
  );
  const members = new Map<string, RunMember>();
  for (const row of rows) {
    const member = members.get(row.user_id) ?? { name: row.name, staffId: row.staff_id, email: row.email, accounts: new Map<string, string>() };
    member.accounts.set(row.product_id, row.account_id);
    members.set(row.user_id, member);
  }
  return members;
}

