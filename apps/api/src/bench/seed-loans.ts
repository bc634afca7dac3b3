import { sql } from 'drizzle-orm';
import {
  allocateRepayment,
  loanSchedule,
  positionAfter,
  type InterestMethod,
  type IsoDate,
  type Kobo,
  type LoanPosition,
  type PayrollMonth,
  type RepaymentAllocation,
} from '@kobo/core';
import { queryRows, type Database } from '../db/client.ts';

/** Rows per insert: 1,000 loans carry about 18,000 instalments. */
const CHUNK = 1_000;
/** Every ARREARS_EVERY-th loan has paid nothing since it was disbursed, 2 to 7 months back. */
export const ARREARS_EVERY = 5;

/** One seeded loan where it stands before the monthly run: what the run's row for its borrower repays. */
export type SeededLoan = { staffId: string; position: LoanPosition };

type Product = { id: string; name: string; method: InterestMethod; annualRateBp: number };
type Admin = { id: string; email: string };
type Entry = { loan_id: string; amount_kobo: number; value_date: IsoDate; allocation: RepaymentAllocation; at: string };

/** 'YYYY-MM', `count` months before `month`. */
function monthsBefore(month: PayrollMonth, count: number): PayrollMonth {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) - count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Set-based seeding for the loans benchmark, as disbursement and repayments would leave the
 * tables: `count` staff members with savings (each with its deposit on the ledger, so there is no
 * drift), two products, and one active loan each, 12, 18 or 24 months, ₦50,000 to ₦500,000, its
 * schedule from core's `loanSchedule` and its disbursement on the loan ledger. Of every five loans,
 * two were disbursed last month (the first instalment falls due this month), two three months
 * ago with both past instalments repaid on their due dates (allocated by core, one ledger entry
 * each), and one 2 to 7 months ago with nothing repaid: 1 to 6 instalments in arrears.
 */
export async function seedLoans(
  db: Database,
  options: { count: number; today: IsoDate; admin: Admin; log: (line: string) => void },
): Promise<SeededLoan[]> {
  const { count, today, admin } = options;
  const thisMonth = today.slice(0, 7);
  const openedOn = `${monthsBefore(thisMonth, 9)}-01`;
  await db.execute(sql`
    insert into users (id, name, email, role, staff_id, active)
    select 'bench-' || n, 'Bench Borrower ' || n, 'bench.borrower.' || n || '@kobo.test', 'staff', 'STF' || lpad(n::text, 5, '0'), true
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`
    insert into savings_accounts (user_id, holder_name, staff_id, balance_kobo, created_at)
    select u.id, u.name, u.staff_id, (500000 + (substr(u.staff_id, 4)::int * 7919) % 500000) * 100, ${openedOn}::date
    from users u where u.id like 'bench-%'`);
  await db.execute(sql`
    insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date)
    select a.id, 'deposit', a.balance_kobo, 'Opening balance', ${admin.id}, ${admin.email}, ${admin.email}, ${openedOn}::date, ${openedOn}::date
    from savings_accounts a where a.user_id like 'bench-%'`);
  const accounts = await queryRows<{ id: string; staff_id: string }>(db, sql`select id, staff_id from savings_accounts where user_id like 'bench-%'`);
  const accountOf = new Map(accounts.map((account) => [account.staff_id, account.id]));

  const products = await queryRows<Product>(db, sql`
    insert into loan_products (name, method, annual_rate_bp, max_months, savings_multiple, max_amount_kobo, guarantors_required, overpayment, created_by_id)
    values ('Bench Flat', 'flat', 1200, 24, 200, 50000000, 0, 'reduce_term', ${admin.id}),
           ('Bench Reducing', 'reducing', 1500, 24, 200, 50000000, 0, 'reduce_term', ${admin.id})
    returning id, name, method, annual_rate_bp as "annualRateBp"`);

  const seeded: SeededLoan[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const loans: Record<string, unknown>[] = [];
    const instalments: Record<string, unknown>[] = [];
    const entries: Entry[] = [];
    for (let index = start; index < Math.min(count, start + CHUNK); index++) {
      const staffId = `STF${String(index + 1).padStart(5, '0')}`;
      const product = products[index % 2] as Product;
      const principal = (50_000 + ((index * 7919) % 451) * 1_000) * 100;
      const months = 12 + (index % 3) * 6;
      const kind = index % ARREARS_EVERY;
      const monthsAgo = kind === ARREARS_EVERY - 1 ? 2 + (Math.floor(index / ARREARS_EVERY) % 6) : kind >= 2 ? 3 : 1;
      const disbursedMonth = monthsBefore(thisMonth, monthsAgo);
      const disbursedOn = `${disbursedMonth}-10`;
      const at = `${disbursedOn}T09:00:00Z`;
      const loanId = crypto.randomUUID();
      const schedule = loanSchedule({ principal: principal as Kobo, annualRateBp: product.annualRateBp, months, method: product.method }, disbursedMonth);
      let position: LoanPosition = {
        feeOutstanding: 0 as Kobo,
        overpayment: 'reduce_term',
        instalments: schedule.instalments.map((row) => ({ ...row, principalPaid: 0 as Kobo, interestPaid: 0 as Kobo, interestWaived: 0 as Kobo })),
      };
      // The repaying borrowers paid each past instalment on its due date.
      if (kind >= 2 && kind < ARREARS_EVERY - 1) {
        for (const instalment of schedule.instalments.filter((row) => row.dueDate < today)) {
          const outcome = allocateRepayment(position, instalment.total, instalment.dueDate);
          if (!outcome.ok) throw new Error(`seed allocation: ${outcome.problem}`);
          position = positionAfter(position, outcome.allocation);
          entries.push({ loan_id: loanId, amount_kobo: instalment.total, value_date: instalment.dueDate, allocation: outcome.allocation, at: `${instalment.dueDate}T09:00:00Z` });
        }
      }
      loans.push({
        id: loanId,
        account_id: accountOf.get(staffId),
        product_id: product.id,
        product_name: product.name,
        method: product.method,
        annual_rate_bp: product.annualRateBp,
        principal_kobo: principal,
        months,
        at,
        disbursed_on: disbursedOn,
      });
      for (const row of position.instalments) {
        instalments.push({
          loan_id: loanId,
          number: row.number,
          due_date: row.dueDate,
          principal_kobo: row.principal,
          interest_kobo: row.interest,
          principal_paid_kobo: row.principalPaid,
          interest_paid_kobo: row.interestPaid,
          interest_waived_kobo: row.interestWaived,
        });
      }
      seeded.push({ staffId, position });
    }
    await db.execute(sql`
      insert into loans (id, account_id, product_id, product_name, method, annual_rate_bp, savings_multiple, overpayment, principal_kobo, fee_kobo, months,
                         purpose, status, applied_by_id, applied_at, decided_by_id, decided_at, disbursed_at, disbursed_value_date, disbursed_by_id)
      select l.id, l.account_id, l.product_id, l.product_name, l.method, l.annual_rate_bp, 200, 'reduce_term', l.principal_kobo, 0, l.months,
             'Bench loan', 'active', ${admin.id}, l.at, ${admin.id}, l.at, l.at, l.disbursed_on, ${admin.id}
      from json_to_recordset(${JSON.stringify(loans)}::json)
        as l(id uuid, account_id uuid, product_id uuid, product_name text, method text, annual_rate_bp int, principal_kobo bigint, months int, at timestamptz, disbursed_on date)`);
    await db.execute(sql`
      insert into loan_instalments (loan_id, number, due_date, principal_kobo, interest_kobo, principal_paid_kobo, interest_paid_kobo, interest_waived_kobo)
      select * from json_to_recordset(${JSON.stringify(instalments)}::json)
        as i(loan_id uuid, number int, due_date date, principal_kobo bigint, interest_kobo bigint, principal_paid_kobo bigint, interest_paid_kobo bigint, interest_waived_kobo bigint)`);
    await db.execute(sql`
      insert into loan_transactions (loan_id, type, amount_kobo, value_date, created_by_id, created_by_email, created_at)
      select l.id, 'disbursement', l.principal_kobo, l.disbursed_on, ${admin.id}, ${admin.email}, l.at
      from json_to_recordset(${JSON.stringify(loans)}::json) as l(id uuid, principal_kobo bigint, disbursed_on date, at timestamptz)`);
    if (entries.length > 0) {
      await db.execute(sql`
        insert into loan_transactions (loan_id, type, amount_kobo, value_date, allocation, created_by_id, created_by_email, created_at)
        select e.loan_id, 'repayment', e.amount_kobo, e.value_date, e.allocation, ${admin.id}, ${admin.email}, e.at
        from json_to_recordset(${JSON.stringify(entries)}::json) as e(loan_id uuid, amount_kobo bigint, value_date date, allocation jsonb, at timestamptz)
        order by e.at`);
    }
    options.log(`  seeded ${Math.min(count, start + CHUNK).toLocaleString('en-NG')} / ${count.toLocaleString('en-NG')} loans`);
  }
  await db.execute(sql`analyze`);
  return seeded;
}
