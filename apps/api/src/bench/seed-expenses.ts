import { sql } from 'drizzle-orm';
import { CATEGORY_ICONS, addDays, type IsoDate } from '@kobo/core';
import type { Database } from '../db/client.ts';

export const BENCH_CATEGORIES = 20;
export const BENCH_USERS = 50;
export const BENCH_DAYS = 730;
const BATCH = 250_000;

/**
 * Set-based seeding for the benchmark: 20 categories, 49 users next to the signed-in admin, and
 * `rows` expenses spread evenly over the last two years (to `today`), in batches of generate_series.
 * Descriptions repeat ten phrases; 'cartridge' is in exactly 1 in 100 (the search benchmark's word).
 */
export async function seedExpenses(db: Database, options: { rows: number; today: IsoDate; adminId: string; log: (line: string) => void }) {
  const icons = sql.raw(`array[${CATEGORY_ICONS.map((icon) => `'${icon}'`).join(',')}]`);
  await db.execute(sql`insert into categories (name, color, icon)
    select 'Bench item ' || lpad(n::text, 2, '0'), '#' || lpad(to_hex((n * 2654435) % 16777216), 6, '0'), (${icons})[1 + n % 13]
    from generate_series(1, ${BENCH_CATEGORIES}) n`);
  await db.execute(sql`insert into users (id, name, email, role)
    select 'bench-user-' || n, 'Bench User ' || n, 'bench.user.' || n || '@kobo.test', case when n % 10 = 0 then 'manager' else 'user' end
    from generate_series(1, ${BENCH_USERS - 1}) n`);
  const firstDay = addDays(options.today, -(BENCH_DAYS - 1));
  for (let start = 0; start < options.rows; start += BATCH) {
    const end = Math.min(options.rows, start + BATCH) - 1;
    await db.execute(sql`
      with cats as (select array_agg(id order by name) as ids from categories where name like 'Bench item %'),
           people as (select array_agg(id order by id) as ids from users where id like 'bench-user-%' or id = ${options.adminId})
      insert into expenses (category_id, user_id, user_email, amount_kobo, spent_on, title, description, payment_method, created_at, updated_at)
      select cats.ids[(1 + (g * 7) % ${BENCH_CATEGORIES})::int],
             people.ids[(1 + (g * 13) % ${BENCH_USERS})::int],
             'bench@kobo.test',
             100 + (g * 7919) % 5000000,
             ${firstDay}::date + (g % ${BENCH_DAYS})::int,
             case when g % 3 = 0 then 'Item ' || g end,
             -- Words worth searching (issue 14): ten everyday descriptions, and 'cartridge' in 1 in 100.
             (array['Diesel for the generator', 'Printer paper', 'Team lunch', 'Bus fare', 'Water dispenser refill',
                    'Internet subscription', 'Office cleaning', 'Fuel for the van', 'Stationery', 'Courier'])[1 + (g % 10)::int]
               || case when g % 100 = 37 then ' and toner cartridge' else '' end || ' #' || g,
             case when g % 4 = 0 then 'Transfer' else 'Cash' end,
             ((${firstDay}::date + (g % ${BENCH_DAYS})::int) + interval '8 hours' + (g % 36000) * interval '1 second') at time zone 'Africa/Lagos',
             now()
      from generate_series(${start}::bigint, ${end}::bigint) g, cats, people`);
    options.log(`  seeded ${end + 1} / ${options.rows}`);
  }
  await db.execute(sql`analyze`);
}
