import ExcelJS from 'exceljs';
import { LifecycleModel, type AdvisedLine, type RemittanceOutcome, type RemittedLine } from './lifecycle-model.ts';
import { loanDueOf, recordRunRepayments, splitOverRunning, type RunRepayment } from './loan-run-column.ts';
import { expectStatus, UnexpectedAnswer, type Commit, type Operation } from './operations.ts';
import { nairaText } from './savings-model.ts';
import { INVARIANTS } from './simulation-failure.ts';
import type { Member, World } from './world.ts';

/** The payroll loop's own words in a failure: what Kobo advised, matched or posted differed from the model. */
export const PAYROLL_LOOP = 'the payroll loop posts what the model predicts';

/** Whole naira between the bounds, in kobo: what members pledge. */
function someContribution(world: World): number {
  return world.life.random.int(5, 400) * 100 * 10;
}

/**
 * A member asks to change their standing monthly contribution (or stop it: ₦0) and the officer
 * records it; the holders' list must then show it, and next month's advice deduct it.
 */
export function standingChange(world: World, member: Member): Operation {
  const kobo = world.life.random.chance(0.1) ? 0 : someContribution(world);
  return {
    touches: [member.userId],
    run: async () => {
      const saved = await world.officer.put('/api/savings/contributions', { contributions: [{ userId: member.userId, amount: nairaText(kobo) }] });
      expectStatus(saved, 200, `setting ${member.name}'s standing contribution to ${nairaText(kobo)}`);
      return () => {
        world.life.model.setStanding(member.userId, kobo);
        world.tally.contributionChanges += 1;
      };
    },
  };
}

type Cell = string | number;

/** The cells of a worksheet's rows, as plain values (a number cell stays a number). */
function rowsOf(sheet: ExcelJS.Worksheet): Cell[][] {
  const rows: Cell[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((value) => (typeof value === 'number' ? value : value === null || value === undefined ? '' : String(typeof value === 'object' && value && 'richText' in value ? JSON.stringify(value) : value))));
  });
  return rows;
}

/** A naira cell (1250.5) as kobo, read by the simulator itself. */
function koboOf(cell: Cell | undefined): number {
  if (typeof cell === 'number') return Math.round(cell * 100);
  const text = String(cell ?? '').replace(/,/g, '').trim();
  return text === '' ? 0 : Math.round(Number(text) * 100);
}

/** How payroll treats one advised member this month, from the loop's own dice. */
function remittanceFor(world: World, line: AdvisedLine): RemittedLine | null {
  const { random } = world.life;
  const advised = line.contributionKobo + line.arrearsKobo + line.loanKobo;
  const roll = random.next();
  if (roll < 0.62) return { kind: 'columns', contributionKobo: line.contributionKobo, arrearsKobo: line.arrearsKobo, loanKobo: loanColumn(world, line) };
  // Leave without pay, a take-home cap: less than advised, as one total (which pays the loan first).
  if (roll < 0.77 && advised > 100) return { kind: 'total', kobo: random.int(1, Math.floor(advised / 100) - 1) * 100 };
  // Not on this month's payroll at all.
  if (roll < 0.85) return null;
  // Deducted twice over by mistake: more than advised, as one total.
  if (roll < 0.9) return { kind: 'total', kobo: advised + random.int(1, 5_000) * 100 };
  // The contribution short (or over) in its own column, the arrears paid in theirs.
  return { kind: 'columns', contributionKobo: Math.max(0, line.contributionKobo + random.int(-3_000, 500) * 100), arrearsKobo: line.arrearsKobo, loanKobo: loanColumn(world, line) };
}

/**
 * The loan column of a line payroll sends by columns: mostly what was advised; about one in seven
 * left out or cut short (the loan falls into arrears, which the next advice carries). The dice are
 * thrown only for a borrower, so a life without loans keeps its own.
 */
function loanColumn(world: World, line: AdvisedLine): number {
  if (line.loanKobo === 0) return 0;
  const { random } = world.life;
  if (!random.chance(0.15)) return line.loanKobo;
  return random.chance(0.5) ? 0 : random.int(0, line.loanKobo - 1);
}

/**
 * The payroll loop on the month's run day, by the officer (issue 30): prepare the deduction
 * advice (checked line by line against the model: each member's contribution and the arrears
 * carried), issue it, download it as payroll would (a real .xlsx whose rows are the advice), then
 * upload payroll's remittance built from it with random shortfalls, missing and unexpected
 * lines, match it (totals checked), post it with an Idempotency-Key and once more with the same
 * key (a replay), and read the batch: each member's posting is what the model says was paid.
 */
export function payrollLoop(world: World): Operation {
  return {
    touches: world.members.map((member) => member.userId),
    run: async () => {
      const month = world.clock.month();
      const fail = (detail: string) => new UnexpectedAnswer(PAYROLL_LOOP, `the ${month} payroll loop: ${detail}`);
      const advised = world.life.model.advise(
        world.members.map((member) => member.userId),
        (userId) => loanDueOf(world, userId),
      );
      const prepared = await world.officer.post('/api/payroll/advices', { month });
      expectStatus(prepared, 201, `preparing the ${month} advice`);
      const advice = prepared.json as { lines: { userId: string; staffId: string; deductions: Record<string, number>; totalKobo: number }[]; deductions: { key: string; kind: string; label: string }[] };
      const keyOf = (kind: string) => advice.deductions.find((deduction) => deduction.kind === kind)?.key;
      const contributionKey = keyOf('contribution');
      const arrearsKey = keyOf('arrears');
      const loanKey = keyOf('loan');
      const byUser = new Map(advice.lines.map((line) => [line.userId, line]));
      const problems: string[] = [];
      for (const line of advised) {
        const found = byUser.get(line.userId);
        const contribution = contributionKey ? (found?.deductions[contributionKey] ?? 0) : 0;
        const arrears = arrearsKey ? (found?.deductions[arrearsKey] ?? 0) : 0;
        const loan = loanKey ? (found?.deductions[loanKey] ?? 0) : 0;
        if (contribution !== line.contributionKobo || arrears !== line.arrearsKobo || loan !== line.loanKobo) {
          problems.push(`${line.userId}: model ${line.contributionKobo} + arrears ${line.arrearsKobo} + loan ${line.loanKobo}, Kobo ${contribution} + ${arrears} + ${loan}`);
        }
      }
      if (advice.lines.length !== advised.length) problems.push(`Kobo advised ${advice.lines.length} members, the model ${advised.length}`);
      if (problems.length > 0) throw fail(`the advice differs: ${problems.slice(0, 5).join('; ')}`);
      if (advised.length === 0) return;

      expectStatus(await world.officer.post(`/api/payroll/advices/${month}/issue`, {}), 200, `issuing the ${month} advice`);
      const download = await world.officer.get(`/api/payroll/advices/${month}/download?layout=generic`);
      expectStatus(download, 200, `downloading the ${month} advice`);
      const adviceBook = new ExcelJS.Workbook();
      await adviceBook.xlsx.load(download.bytes as unknown as ArrayBuffer);
      const sheet = adviceBook.worksheets[0];
      if (!sheet) throw fail('the advice download holds no sheet');
      const [header = [], ...rows] = rowsOf(sheet);
      const column = (label: string | undefined) => (label === undefined ? -1 : header.indexOf(label));
      const contributionColumn = column(advice.deductions.find((deduction) => deduction.key === contributionKey)?.label);
      const arrearsColumn = column(advice.deductions.find((deduction) => deduction.key === arrearsKey)?.label);
      const loanColumnIndex = column(advice.deductions.find((deduction) => deduction.key === loanKey)?.label);
      const totalColumn = header.indexOf('Total');
      const staffIdColumn = header.indexOf('Staff ID');
      const staffIdOf = new Map(world.members.map((member) => [member.userId, member.staffId]));
      const downloadedTotals = new Map(rows.map((row) => [String(row[staffIdColumn]), koboOf(row[totalColumn])]));
      for (const line of advised) {
        const total = downloadedTotals.get(staffIdOf.get(line.userId) ?? '');
        const advisedKobo = line.contributionKobo + line.arrearsKobo + line.loanKobo;
        if (total !== advisedKobo) throw fail(`the downloaded advice's total for ${staffIdOf.get(line.userId)} is ${total}; the model advised ${advisedKobo}`);
      }
      if (rows.length !== advised.length) throw fail(`the downloaded advice has ${rows.length} rows; the model advised ${advised.length}`);

      // Payroll's answer: the advice's own layout, each member as the dice say, now and then a stranger.
      const outcomes: { line: AdvisedLine; outcome: RemittanceOutcome }[] = [];
      const remittance = new ExcelJS.Workbook();
      const out = remittance.addWorksheet('Remittance');
      out.addRow(header);
      for (const line of advised) {
        const remitted = remittanceFor(world, line);
        outcomes.push({ line, outcome: LifecycleModel.remit(line, remitted) });
        if (!remitted) continue;
        const cells: Cell[] = header.map(() => '');
        cells[staffIdColumn] = staffIdOf.get(line.userId) ?? '';
        if (remitted.kind === 'total') cells[totalColumn] = remitted.kobo / 100;
        else {
          if (contributionColumn >= 0) cells[contributionColumn] = remitted.contributionKobo / 100;
          if (arrearsColumn >= 0) cells[arrearsColumn] = remitted.arrearsKobo / 100;
          if (loanColumnIndex >= 0) cells[loanColumnIndex] = remitted.loanKobo / 100;
          cells[totalColumn] = (remitted.contributionKobo + remitted.arrearsKobo + remitted.loanKobo) / 100;
        }
        out.addRow(cells);
      }
      const stranger = world.life.random.chance(0.3) ? world.life.random.int(100, 20_000) * 100 : 0;
      if (stranger > 0) {
        const cells: Cell[] = header.map(() => '');
        cells[staffIdColumn] = `NOBODY${world.life.random.int(1000, 9999)}`;
        cells[totalColumn] = stranger / 100;
        out.addRow(cells);
      }
      const bytes = Buffer.from(await remittance.xlsx.writeBuffer());
      const uploaded = await world.officer.send('POST', `/api/payroll/advices/${month}/remittance/file?layout=generic`, bytes, {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(`remittance-${month}.xlsx`),
      });
      expectStatus(uploaded, 200, `uploading the ${month} remittance`);
      const file = uploaded.json as { fileName: string; fileHash: string; lines: unknown[] };
      const sum = (pick: (outcome: RemittanceOutcome) => number) => outcomes.reduce((total, { outcome }) => total + pick(outcome), 0);
      const expected = { remittedKobo: sum((o) => o.remittedKobo) + stranger, paidKobo: sum((o) => o.paidKobo), overKobo: sum((o) => o.overKobo) + stranger };
      const draft = { source: 'file', lines: file.lines, fileName: file.fileName, fileHash: file.fileHash, bankAmountKobo: expected.remittedKobo };
      const matched = await world.officer.post(`/api/payroll/advices/${month}/remittance/match`, draft);
      expectStatus(matched, 200, `matching the ${month} remittance`);
      const totals = (matched.json as { totals: { remittedKobo: number; paidKobo: number; overKobo: number } }).totals;
      if (totals.remittedKobo !== expected.remittedKobo || totals.paidKobo !== expected.paidKobo || totals.overKobo !== expected.overKobo) {
        throw fail(`the match totals ${JSON.stringify(totals)}; the model ${JSON.stringify(expected)}`);
      }

      const key = world.newKey();
      const posted = await world.officer.post(`/api/payroll/advices/${month}/remittance`, draft, { 'idempotency-key': key });
      expectStatus(posted, 201, `posting the ${month} remittance`);
      const again = await world.officer.post(`/api/payroll/advices/${month}/remittance`, draft, { 'idempotency-key': key });
      expectStatus(again, 201, `posting the ${month} remittance again with its key`, INVARIANTS.idempotency);
      const batchId = (posted.json as { batchId: string | null }).batchId;
      if ((again.json as { batchId: string | null }).batchId !== batchId) throw new UnexpectedAnswer(INVARIANTS.idempotency, `the ${month} remittance's key ${key} posted a second batch`);
      const postings: { transactionId: string; userId: string | null; amountKobo: number; type: string; productId: string; description: string | null }[] = [];
      if (batchId) {
        const detail = await world.officer.get(`/api/savings/batches/${batchId}`);
        expectStatus(detail, 200, `reading the ${month} remittance's batch`);
        postings.push(...(detail.json as { postings: typeof postings }).postings);
      } else if (expected.paidKobo > 0) throw fail(`nothing posted, where the model has ${expected.paidKobo} paid`);
      const postedByUser = new Map<string, number>();
      for (const posting of postings) postedByUser.set(posting.userId ?? '', (postedByUser.get(posting.userId ?? '') ?? 0) + posting.amountKobo);
      for (const { line, outcome } of outcomes) {
        const found = postedByUser.get(line.userId) ?? 0;
        const saved = outcome.paidKobo - outcome.loanPaidKobo;
        if (found !== saved) throw fail(`${staffIdOf.get(line.userId)} was posted ${found} to savings; the model has ${saved} (of ${outcome.paidKobo} paid, ${outcome.loanPaidKobo} to loans; advised ${line.contributionKobo} + arrears ${line.arrearsKobo} + loan ${line.loanKobo})`);
      }
      // The loan column's money, split over each borrower's running loans as Kobo splits it, and each loan's entry read back.
      const repayments = new Map<string, RunRepayment>();
      for (const { line, outcome } of outcomes) if (outcome.loanPaidKobo > 0) repayments.set(line.userId, splitOverRunning(world, line.userId, outcome.loanPaidKobo));
      if (repayments.size > 0 && !batchId) throw fail(`no batch posted, where the model has ${repayments.size} loan repayments`);
      const recordRepayments: Commit | null =
        batchId && repayments.size > 0
          ? await recordRunRepayments(world, batchId, repayments, 'remittance').catch((error: unknown) => {
              throw error instanceof UnexpectedAnswer ? fail(error.message) : error;
            })
          : null;
      const shortLoans = outcomes.filter(({ line, outcome }) => outcome.loanPaidKobo < line.loanKobo).length;
      const order = new Map(world.members.map((member) => [member.userId, member.number]));
      return () => {
        world.tally.remittances += 1;
        world.tally.replays += 1;
        for (const { line, outcome } of outcomes) world.life.model.recordRemittance(line, outcome);
        if (stranger > 0) world.life.model.recordUnexpected(stranger);
        recordRepayments?.();
        world.tally.loans.remittanceLoanShortfalls += shortLoans;
        if (!batchId) return;
        // In the members' order, whatever order the batch lists its postings in.
        postings.sort(
          (a, b) =>
            (order.get(a.userId ?? '') ?? 0) - (order.get(b.userId ?? '') ?? 0) ||
            a.productId.localeCompare(b.productId) ||
            (a.description ?? '').localeCompare(b.description ?? '') ||
            a.amountKobo - b.amountKobo,
        );
        for (const posting of postings) {
          world.model.record([posting.transactionId], [{ userId: posting.userId ?? '', kobo: posting.amountKobo }], `${month} remittance ${nairaText(posting.amountKobo)} ${posting.userId}`);
        }
        // A remittance that repaid loans is not reversed whole (decision 064, as the run with a loan column).
        world.model.recordBatch(batchId, postings.map((posting) => posting.transactionId), `the ${month} remittance`, repayments.size === 0);
      };
    },
  };
}
