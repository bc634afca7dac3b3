import ExcelJS from 'exceljs';
import { UnexpectedAnswer, type Operation } from './operations.ts';
import { expectStatus } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { World } from './world.ts';

/** The year end's own words in a failure: Kobo's surplus, lines, posting or pack differed from the model. */
export const YEAR_END = "the year end's figures agree with the model";

/** Ordinary savings' fixed id (Kobo's migrations seed it): the product interest on savings is paid on. */
const ORDINARY_SAVINGS = '00000000-0000-4000-8000-000000000001';
/** The by-laws' reserve and the withholding tax the simulated scheme sets (COOPERATIVE.md's 25% and 10%). */
export const RESERVE_BP = 2500;
export const WITHHOLDING_TAX_BP = 1000;

/** The scheme's book's settings for the year end: a calendar year, the reserve, the withholding tax. */
export async function setUpYearEnd(world: World): Promise<void> {
  const saved = await world.officer.put('/api/year-end/settings', { firstMonth: 1, reservePercentBp: RESERVE_BP, withholdingTaxBp: WITHHOLDING_TAX_BP });
  expectStatus(saved, 200, 'saving the year-end settings');
}

/**
 * The year's income (interest on loans the simulated scheme does not yet lend, as one entry) so
 * the year has a surplus to share: Dr Bank 1000, Cr Interest income 4000, in the scheme's book.
 */
export function postIncome(world: World): Operation {
  const kobo = world.life.random.int(2_000_000, 8_000_000) * 100 + world.life.random.int(0, 99);
  return {
    touches: [],
    run: async () => {
      const listed = await world.officer.get('/api/books/accounts?book=scheme');
      expectStatus(listed, 200, 'listing the scheme book’s accounts');
      const accounts = (listed.json as { accounts: { id: string; code: string }[] }).accounts;
      const idOf = (code: string) => accounts.find((account) => account.code === code)?.id;
      const body = {
        book: 'scheme',
        valueDate: world.clock.isoDay(),
        narration: 'Interest on loans for the year (simulated)',
        lines: [
          { accountId: idOf('1000'), debit: nairaText(kobo) },
          { accountId: idOf('4000'), credit: nairaText(kobo) },
        ],
      };
      // Above the two-person threshold (withdrawal-approvals.ts): the entry waits for the second officer's approval.
      const asked = await world.officer.post('/api/books/entries', body);
      expectStatus(asked, 202, `posting the year's income of ${nairaText(kobo)}`);
      const requestId = (asked.json as { request: { id: string } }).request.id;
      expectStatus(await world.loans.secondOfficer.post(`/api/books/entry-requests/${requestId}/approve`, {}), 200, `approving the year's income of ${nairaText(kobo)}`);
      return () => world.life.model.recordIncome(Number(world.clock.isoDay().slice(0, 4)), kobo);
    },
  };
}

type PreviewLine = { userId: string; part: string; grossKobo: number; taxKobo: number; netKobo: number };
type Part = { part: string; appropriatedKobo: number; grossKobo: number; taxKobo: number; netKobo: number; roundingKobo: number };

/**
 * The year end in January, for the year just ended (COOPERATIVE.md "The year end"): the surplus
 * read, a run proposed (reserve at the by-laws' least, interest on ordinary savings by the average
 * daily balance at a rate from the dice, no dividend: the scheme has no shares), previewed line by
 * line against the model, approved, posted (and posted again with its key: a replay), the batch
 * read (each member's net, valued 31 December), the AGM pack downloaded and its totals checked,
 * and the year closed.
 */
export function yearEnd(world: World): Operation {
  const rateBp = world.life.random.int(100, 600);
  return {
    touches: world.members.map((member) => member.userId),
    run: async () => {
      const year = Number(world.clock.isoDay().slice(0, 4)) - 1;
      const fail = (detail: string) => new UnexpectedAnswer(YEAR_END, `the ${year} year end: ${detail}`);
      const model = world.life.model.yearEnd(year, rateBp, WITHHOLDING_TAX_BP, RESERVE_BP);
      const surplus = await world.officer.get(`/api/year-end/surplus?year=${year}`);
      expectStatus(surplus, 200, `reading ${year}'s surplus`);
      const surplusKobo = (surplus.json as { surplusKobo: number }).surplusKobo;
      if (surplusKobo !== model.incomeKobo) throw fail(`Kobo's surplus is ${surplusKobo}; the model's income ${model.incomeKobo}`);

      const proposal = {
        year,
        reserveKobo: model.reserveKobo,
        dividend: { rateBp: 0, method: 'closing' },
        interest: [{ productId: ORDINARY_SAVINGS, rateBp, method: 'average_daily' }],
        educationFundKobo: 0,
        welfareFundKobo: 0,
      };
      const created = await world.officer.post('/api/year-end/runs', proposal);
      expectStatus(created, 201, `proposing ${year}'s run at ${rateBp} bp`);
      const run = created.json as { id: string; interest: { amountKobo: number }[]; carriedForwardKobo: number };
      if (run.interest[0]?.amountKobo !== model.interestKobo || run.carriedForwardKobo !== model.carriedForwardKobo) {
        throw fail(`Kobo's interest ${run.interest[0]?.amountKobo}, carried forward ${run.carriedForwardKobo}; the model's ${model.interestKobo} and ${model.carriedForwardKobo}`);
      }
      const preview = await world.officer.get(`/api/year-end/runs/${run.id}/preview`);
      expectStatus(preview, 200, `previewing ${year}'s run`);
      const { lines, parts } = preview.json as { lines: PreviewLine[]; parts: Part[] };
      const found = new Map(lines.map((line) => [line.userId, line]));
      const wrong = model.lines.flatMap((line) => {
        const kobo = found.get(line.userId);
        return kobo?.grossKobo === line.grossKobo && kobo.taxKobo === line.taxKobo && kobo.netKobo === line.netKobo ? [] : [`${line.userId}: model ${JSON.stringify(line)}, Kobo ${JSON.stringify(kobo ?? null)}`];
      });
      if (wrong.length > 0 || lines.length !== model.lines.length) throw fail(`the preview's lines differ (${lines.length} of ${model.lines.length}): ${wrong.slice(0, 3).join('; ')}`);
      // The dividend's part is there at ₦0 (no shares); interest on ordinary savings is the one that pays.
      const part = parts.find((each) => each.part === `interest:${ORDINARY_SAVINGS}`);
      const dividend = parts.find((each) => each.part === 'dividend');
      if ((dividend && dividend.appropriatedKobo + dividend.grossKobo !== 0) || part?.appropriatedKobo !== model.interestKobo || part.grossKobo !== model.grossKobo || part.netKobo !== model.netKobo || part.taxKobo !== model.taxKobo || part.roundingKobo !== model.roundingKobo) {
        throw fail(`the preview's parts ${JSON.stringify(parts)}; the model ${JSON.stringify({ ...model, lines: undefined })}`);
      }

      // A second officer: with a two-person threshold set, the run's maker may not approve it.
      expectStatus(await world.loans.secondOfficer.post(`/api/year-end/runs/${run.id}/approve`, {}), 200, `approving ${year}'s run`);
      const key = world.newKey();
      const posted = await world.officer.post(`/api/year-end/runs/${run.id}/post`, {}, { 'idempotency-key': key });
      expectStatus(posted, 201, `posting ${year}'s run`);
      const again = await world.officer.post(`/api/year-end/runs/${run.id}/post`, {}, { 'idempotency-key': key });
      expectStatus(again, 201, `posting ${year}'s run again with its key`, INVARIANTS.idempotency);
      const batchId = (posted.json as { batchId: string | null }).batchId;
      if ((again.json as { batchId: string | null }).batchId !== batchId) throw new UnexpectedAnswer(INVARIANTS.idempotency, `${year}'s run key ${key} posted a second batch`);
      const postings: { transactionId: string; userId: string | null; amountKobo: number }[] = [];
      if (batchId) {
        const detail = await world.officer.get(`/api/savings/batches/${batchId}`);
        expectStatus(detail, 200, `reading ${year}'s year-end batch`);
        postings.push(...(detail.json as { postings: typeof postings }).postings);
      }
      const net = new Map(model.lines.map((line) => [line.userId, line.netKobo]));
      const paid = postings.filter((posting) => net.get(posting.userId ?? '') !== posting.amountKobo);
      if (paid.length > 0 || postings.length !== model.lines.filter((line) => line.netKobo > 0).length) throw fail(`the batch paid ${JSON.stringify(postings.slice(0, 3))}; the model's nets ${JSON.stringify(model.lines.slice(0, 3))}`);

      const pack = await world.officer.get(`/api/year-end/pack.xlsx?year=${year}`);
      expectStatus(pack, 200, `downloading ${year}'s AGM pack`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(pack.bytes as unknown as ArrayBuffer);
      const cell = (sheet: string, label: string, column: number) => {
        let kobo: number | null = null;
        book.getWorksheet(sheet)?.eachRow((row) => {
          const values = row.values as unknown[];
          if (values.slice(1).includes(label) && typeof values[column] === 'number') kobo = Math.round((values[column] as number) * 100);
        });
        return kobo;
      };
      const scheduleNet = (() => {
        let kobo = 0;
        book.getWorksheet('Dividend and interest')?.eachRow((row, number) => {
          const value = (row.values as unknown[])[9];
          if (number > 1 && typeof value === 'number') kobo += Math.round(value * 100);
        });
        return kobo;
      })();
      const closing = world.life.model.closingBalancesOf(year);
      const savingsKobo = [...(closing?.values() ?? [])].reduce((sum, kobo) => sum + kobo, 0) + model.netKobo;
      const figures = { surplus: cell('Appropriation', 'Surplus', 2), reserve: cell('Appropriation', 'Reserve fund', 2), scheduleNet, savings: cell('Savings and shares', 'Savings', 4) };
      const expected = { surplus: model.incomeKobo, reserve: model.reserveKobo, scheduleNet: model.netKobo, savings: savingsKobo };
      if (JSON.stringify(figures) !== JSON.stringify(expected)) throw fail(`the AGM pack's totals ${JSON.stringify(figures)}; the model's ${JSON.stringify(expected)}`);

      expectStatus(await world.officer.post(`/api/year-end/years/${year}/close`, {}), 201, `closing ${year}`);
      const order = new Map(world.members.map((member) => [member.userId, member.number]));
      return () => {
        world.tally.yearEnds += 1;
        world.tally.replays += 1;
        postings.sort((a, b) => (order.get(a.userId ?? '') ?? 0) - (order.get(b.userId ?? '') ?? 0) || a.amountKobo - b.amountKobo);
        for (const posting of postings) {
          const userId = posting.userId ?? '';
          world.model.record([posting.transactionId], [{ userId, kobo: posting.amountKobo }], `${year} interest ${nairaText(posting.amountKobo)} ${userId}`);
          world.life.model.valuedOn(posting.transactionId, `${year}-12-31`);
          world.life.model.valuedAtLastYearEnd(userId, posting.amountKobo);
        }
      };
    },
  };
}
