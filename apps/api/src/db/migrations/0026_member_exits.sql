CREATE TABLE "member_exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "member_exits_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"staff_id" text,
	"reason" text NOT NULL,
	"note" text,
	"notice_date" date NOT NULL,
	"leaving_date" date NOT NULL,
	"earliest_settlement_date" date NOT NULL,
	"status" text DEFAULT 'notice' NOT NULL,
	"given_by_id" text NOT NULL,
	"given_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settlement_date" date,
	"shortfall_choice" text,
	"statement" jsonb,
	"approved_by_id" text,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"settled_by_id" text,
	"settled_by_name" text,
	"settled_at" timestamp with time zone,
	"entry_id" uuid,
	"paid_by_id" text,
	"paid_by_name" text,
	"paid_at" timestamp with time zone,
	"pay_reference" text,
	"payout_entry_id" uuid,
	"cancelled_by_name" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"reversed_by_name" text,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"reversal_entry_id" uuid,
	CONSTRAINT "member_exits_status_check" CHECK (status in ('notice', 'approved', 'settled', 'paid', 'cancelled', 'reversed')),
	CONSTRAINT "member_exits_reason_check" CHECK (reason in ('retirement', 'resignation', 'transfer', 'death', 'expulsion')),
	CONSTRAINT "member_exits_dates_check" CHECK ("member_exits"."leaving_date" >= "member_exits"."notice_date" and "member_exits"."earliest_settlement_date" >= "member_exits"."notice_date")
);
--> statement-breakpoint
CREATE TABLE "member_nominees" (
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"share_bp" integer NOT NULL,
	"updated_by_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_nominees_user_id_position_pk" PRIMARY KEY("user_id","position"),
	CONSTRAINT "member_nominees_share_check" CHECK ("member_nominees"."share_bp" between 1 and 10000),
	CONSTRAINT "member_nominees_position_check" CHECK ("member_nominees"."position" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "loan_guarantors" DROP CONSTRAINT "loan_guarantors_status_check";--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD COLUMN "replaces_account_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD COLUMN "released_reason" text;--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_exits" ADD CONSTRAINT "member_exits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_exits" ADD CONSTRAINT "member_exits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_exits" ADD CONSTRAINT "member_exits_payout_entry_id_journal_entries_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_exits" ADD CONSTRAINT "member_exits_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_nominees" ADD CONSTRAINT "member_nominees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_exits_seq_key" ON "member_exits" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "member_exits_live_key" ON "member_exits" USING btree ("user_id") WHERE "member_exits"."status" in ('notice', 'approved', 'settled', 'paid');--> statement-breakpoint
CREATE INDEX "member_exits_status_idx" ON "member_exits" USING btree ("status","seq");--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD CONSTRAINT "loan_guarantors_replaces_account_id_savings_accounts_id_fk" FOREIGN KEY ("replaces_account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_accounts_closed_idx" ON "savings_accounts" USING btree ("id") WHERE "savings_accounts"."closed_at" is not null;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK ("journal_entries"."source_type" in ('savings', 'savings_batch', 'loan', 'expense', 'manual', 'opening', 'write_off', 'payroll', 'year_end', 'year_close', 'exit'));--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD CONSTRAINT "loan_guarantors_status_check" CHECK ("loan_guarantors"."status" in ('pending', 'accepted', 'declined', 'released'));--> statement-breakpoint
-- ============================================================================================
-- Issue 32 (docs/decisions/051-member-exit.md). Hand-written below this line.
-- ============================================================================================
-- Exits payable (liability) at the first free code from 2170 (0023 took 2150, 0024 2160), and an
-- income account for exit fees at the first free code from 4110; the exit's mapping keys.
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Exits payable', 'liability', NULL, 'scheme.exits_payable'
FROM generate_series(2170, 2199) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.exits_payable')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Exit fees', 'income', NULL, 'scheme.exit_fees'
FROM generate_series(4110, 4190, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.exit_fees')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('exits.payable', 'scheme.exits_payable'),
  ('exits.fee_income', 'scheme.exit_fees')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- Pro-rata interest to the exit date is this year's expense, where savings interest already goes.
INSERT INTO ledger_mappings (key, account_id)
SELECT 'exits.interest', account_id FROM ledger_mappings WHERE key = 'savings.interest_expense'
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- 0025's savings posting rule with two additions at its start (the closed-account refusal and the
-- exit's own entry); otherwise unchanged.
CREATE OR REPLACE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE r record;
BEGIN
  -- Issue 32: a posting to a closed account (its holder's exit settled) is refused, whoever writes it.
  IF EXISTS (SELECT 1 FROM savings_accounts a WHERE a.closed_at IS NOT NULL AND a.id IN (SELECT account_id FROM new_rows)) THEN
    RAISE EXCEPTION 'savings account closed' USING ERRCODE = 'KB410';
  END IF;
  -- Issue 32: an exit's settlement (and its reversal) writes its rows and then ONE entry of its own
  -- for all of them, savings and loans together (modules/exits/settle-exit.ts); the rows carry no
  -- entry and no notice of their own.
  IF current_setting('kobo.journal_by_caller', true) = 'exit' THEN
    RETURN NULL;
  END IF;
  SELECT n.id, n.account_id, n.type, n.amount_kobo, n.value_date, n.created_by_id, n.created_at, n.batch_id,
         n.transfer_id IS NULL AND n.reverses_id IS NULL AND n.batch_id IS NULL AND n.type IN ('deposit', 'withdrawal') AS plain, count(*) OVER () AS rows_posted
  INTO r FROM new_rows n LIMIT 1;
  IF r.rows_posted = 1 AND r.plain THEN
    WITH notice AS (
      INSERT INTO ledger_notices (ledger, entry_id) VALUES ('savings', r.id)
    ),
    account AS (
      SELECT a.holder_name || CASE WHEN p.kind = 'ordinary' THEN '' ELSE ' · ' || p.name END AS holder_name, p.control_account_id
      FROM savings_accounts a JOIN savings_products p ON p.id = a.product_id WHERE a.id = r.account_id
    ),
    entry AS (
      INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id, created_at)
      SELECT 'scheme', r.value_date, 'savings', r.id, initcap(r.type) || ' · ' || account.holder_name, r.created_by_id, r.created_at
      FROM account
      RETURNING id
    ),
    member_kobo AS (
      SELECT CASE WHEN r.type = 'deposit' THEN -r.amount_kobo ELSE r.amount_kobo END AS kobo
    )
    INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    SELECT entry.id, 1, account.control_account_id, r.account_id, member_kobo.kobo, r.value_date
    FROM entry, member_kobo, account
    UNION ALL
    SELECT entry.id, 2, m.account_id, NULL, -member_kobo.kobo, r.value_date
    FROM entry, member_kobo, ledger_mappings m
    WHERE m.key = coalesce(nullif(current_setting('kobo.savings_counter_key', true), ''),
                           CASE WHEN r.batch_id IS NOT NULL THEN 'savings.payroll' ELSE 'savings.cash' END);
  ELSIF r.rows_posted IS NOT NULL THEN
    -- Every other statement: planned for its own rows (EXECUTE: a batch's 30,000 rows join by
    -- hash, not by a generic plan's nested loops), read from the transition table, not by id.
    EXECUTE $q$
    WITH mapped AS (
      SELECT (SELECT account_id FROM ledger_mappings WHERE key = 'savings.payroll') AS payroll,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.cash') AS cash,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.penalty_income') AS penalty,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.interest_expense') AS interest,
             (SELECT account_id FROM ledger_mappings WHERE key = nullif(current_setting('kobo.savings_counter_key', true), '')) AS override,
             current_setting('kobo.savings_counter_key', true) = 'yearend.appropriation' AS is_year_end
    ),
    legs AS (
      SELECT t.seq, t.account_id, t.type, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
             -- A batch's rows are one entry, and so is a batch's reversal; one posting of a batch reversed
             -- on its own is an entry of its own.
             coalesce(t.transfer_id, t.batch_id, CASE WHEN count(*) OVER () > 1 THEN o.batch_id END, t.id) AS group_id,
             coalesce(t.batch_id, CASE WHEN count(*) OVER () > 1 THEN o.batch_id END) AS batch_id, t.id,
             CASE WHEN t.type IN ('deposit', 'transfer_in', 'interest') THEN -t.amount_kobo ELSE t.amount_kobo END AS member_kobo,
             p.control_account_id,
             CASE coalesce(o.type, t.type)
               WHEN 'penalty' THEN coalesce(p.penalty_account_id, m.penalty)
               -- A year-end run's dividends and interest come out of the surplus, not this year's expense (0024).
               WHEN 'interest' THEN CASE WHEN m.is_year_end THEN m.override ELSE m.interest END
               ELSE coalesce(m.override, CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN m.payroll ELSE m.cash END)
             END AS counter_account_id,
             a.holder_name || CASE WHEN p.kind = 'ordinary' THEN '' ELSE ' · ' || p.name END AS holder_name,
             coalesce(o.transfer_id, o.batch_id, o.id) AS original_group, coalesce(o.transfer_id, o.id) AS original_posting
      FROM new_rows t
      CROSS JOIN mapped m
      JOIN savings_accounts a ON a.id = t.account_id
      JOIN savings_products p ON p.id = a.product_id
      -- Each reversal's original by its primary key, row by row (LATERAL): a plain join let the
      -- planner hash the whole savings ledger for a batch's 30,000 rows that reverse nothing (LIMIT 1
      -- keeps the subquery from being pulled up into that join).
      LEFT JOIN LATERAL (SELECT o.type, o.batch_id, o.transfer_id, o.id FROM savings_transactions o WHERE o.id = t.reverses_id LIMIT 1) o ON true
    ),
    groups AS (
      SELECT group_id, gen_random_uuid() AS entry_id, min(seq) AS seq, min(value_date) AS value_date, min(created_by_id) AS created_by_id,
             min(created_at) AS created_at, bool_or(reverses_id IS NOT NULL) AS is_reversal, min(reason) AS reason,
             min(original_group::text)::uuid AS original_group, min(original_posting::text)::uuid AS original_posting,
             CASE WHEN min(batch_id::text) IS NOT NULL THEN (SELECT CASE b.kind WHEN 'year_end' THEN 'Year end · ' ELSE 'Payroll batch · ' END || b.description FROM savings_batches b WHERE b.id = min(batch_id::text)::uuid)
                  WHEN count(*) > 1 THEN 'Transfer · ' || string_agg(holder_name, ' → ' ORDER BY member_kobo DESC)
                  ELSE initcap(min(type)) || ' · ' || min(holder_name) END AS what,
             max(seq) AS last_seq, min(batch_id::text) IS NOT NULL AS is_batch
      FROM legs GROUP BY group_id
    ),
    entries AS (
      INSERT INTO journal_entries (id, book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
      SELECT g.entry_id, 'scheme', g.value_date, CASE WHEN g.is_batch THEN 'savings_batch' ELSE 'savings' END, g.group_id,
             CASE WHEN g.original_group IS NOT NULL THEN
               -- the batch's one entry, or (a batch posted before 0021) its posting's own
               (SELECT e.id FROM journal_entries e
                JOIN journal_lines f ON f.entry_id = e.id AND f.line_no = 1 AND f.subledger_id IS NOT NULL
                JOIN ledger_accounts fa ON fa.id = f.account_id AND fa.subledger = 'member_savings'
                WHERE e.source_type IN ('savings', 'savings_batch') AND e.source_id IN (g.original_group, g.original_posting)
                ORDER BY e.seq LIMIT 1) END,
             CASE WHEN g.is_reversal THEN 'Reversal · ' || g.what || ' · ' || g.reason ELSE g.what END,
             g.created_by_id, g.created_at
      FROM groups g ORDER BY g.value_date, g.seq
    ),
    lines AS (
      SELECT l.group_id, l.seq, 0 AS side, l.control_account_id AS account_id, l.account_id AS subledger_id, l.member_kobo AS amount, l.value_date
      FROM legs l
      UNION ALL
      -- A single posting's counter line follows its member line; a payroll batch's counter lines
      -- (money in, money out, per counter account) follow all its members' lines.
      SELECT l.group_id, l.seq, 1, l.counter_account_id, NULL, -l.member_kobo, l.value_date
      FROM legs l
      WHERE l.type NOT IN ('transfer_in', 'transfer_out') AND l.batch_id IS NULL
      UNION ALL
      SELECT l.group_id, max(g.last_seq), 1 + (sum(l.member_kobo) > 0)::int, l.counter_account_id, NULL, -sum(l.member_kobo), min(l.value_date)
      FROM legs l JOIN groups g ON g.group_id = l.group_id
      WHERE l.batch_id IS NOT NULL
      GROUP BY l.group_id, l.counter_account_id, l.member_kobo > 0
    )
    INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    SELECT g.entry_id, row_number() OVER (PARTITION BY g.entry_id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, g.value_date
    FROM lines l JOIN groups g ON g.group_id = l.group_id
    $q$;
    INSERT INTO ledger_notices (ledger, entry_id) SELECT 'savings', id FROM new_rows ORDER BY seq;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 0025's loan posting rule with the exit's own entry at its start; otherwise unchanged.
CREATE OR REPLACE FUNCTION journal_new_loan_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Issue 32: as for savings, an exit's loan payoffs are lines of the exit's one entry.
  IF current_setting('kobo.journal_by_caller', true) = 'exit' THEN
    RETURN NULL;
  END IF;
  EXECUTE $q$
  WITH mapped AS (
    SELECT (SELECT id FROM ledger_accounts WHERE subledger = 'loans') AS loans,
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.disbursement') AS disbursement,
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.fee_income') AS fee_income,
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.repayment_payroll') AS repayment_payroll,
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.repayment_cash') AS repayment_cash,
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.interest_income') AS interest_income
  ),
  rows AS (
    SELECT t.id, t.seq, t.loan_id, t.type, t.amount_kobo, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
           CASE WHEN t.reverses_id IS NULL THEN 1 ELSE -1 END AS sign,
           coalesce(o.batch_id, t.batch_id) AS batch_id,
           -- A batch's repayments are one entry, and so is their reversal with the batch; one
           -- repayment reversed on its own (from the loan's page) is an entry of its own.
           CASE WHEN t.type = 'repayment' AND coalesce(t.batch_id, CASE WHEN count(*) OVER () > 1 THEN o.batch_id END) IS NOT NULL
                THEN coalesce(o.batch_id, t.batch_id) ELSE t.id END AS group_id,
           coalesce((t.allocation ->> 'fee')::bigint, 0) AS fee_paid,
           coalesce((SELECT sum((line ->> 'principal')::bigint) FROM jsonb_array_elements(t.allocation -> 'lines') AS line), 0) AS principal_paid,
           coalesce((SELECT sum((line ->> 'interest')::bigint) FROM jsonb_array_elements(t.allocation -> 'lines') AS line), 0) AS interest_paid,
           a.holder_name, l.product_name,
           CASE t.type WHEN 'disbursement' THEN m.disbursement WHEN 'fee' THEN m.fee_income
             ELSE CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN m.repayment_payroll ELSE m.repayment_cash END END AS counter_account_id,
           m.loans AS loans_account_id, m.interest_income AS interest_account_id
    FROM new_rows t
    CROSS JOIN mapped m
    JOIN loans l ON l.id = t.loan_id
    JOIN savings_accounts a ON a.id = l.account_id
    -- As for savings: each reversal's original by id, not the whole loan ledger joined.
    LEFT JOIN LATERAL (SELECT o.batch_id FROM loan_transactions o WHERE o.id = t.reverses_id LIMIT 1) o ON true
  ),
  groups AS (
    SELECT group_id, gen_random_uuid() AS entry_id, group_id IS DISTINCT FROM min(id::text)::uuid OR count(*) > 1 AS is_batch,
           min(batch_id::text)::uuid AS batch_id, min(seq) AS seq, max(seq) AS last_seq, min(value_date) AS value_date,
           min(created_by_id) AS created_by_id, min(created_at) AS created_at, min(reverses_id::text)::uuid AS reverses_id, min(reason) AS reason,
           min(type) AS type, min(holder_name) AS holder_name, min(product_name) AS product_name
    FROM rows GROUP BY group_id
  ),
  entries AS (
    INSERT INTO journal_entries (id, book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
    SELECT g.entry_id, 'scheme', g.value_date, CASE WHEN g.is_batch THEN 'savings_batch' ELSE 'loan' END, g.group_id,
           CASE WHEN g.reverses_id IS NULL THEN NULL
                WHEN g.is_batch THEN coalesce(
                  (SELECT e.id FROM journal_entries e
                   JOIN journal_lines f ON f.entry_id = e.id AND f.line_no = 1
                   JOIN ledger_accounts fa ON fa.id = f.account_id AND fa.subledger = 'loans'
                   WHERE e.source_type = 'savings_batch' AND e.source_id = g.batch_id ORDER BY e.seq LIMIT 1),
                  (SELECT e.id FROM journal_entries e WHERE e.source_type = 'loan' AND e.source_id = g.reverses_id LIMIT 1))
                ELSE (SELECT e.id FROM journal_entries e WHERE e.source_type = 'loan' AND e.source_id = g.reverses_id LIMIT 1) END,
           CASE WHEN g.reverses_id IS NOT NULL THEN 'Reversal · ' ELSE '' END
             || CASE WHEN g.is_batch THEN 'Payroll batch · ' || coalesce((SELECT b.description FROM savings_batches b WHERE b.id = g.batch_id), '') || ' · loan repayments'
                     ELSE CASE g.type WHEN 'disbursement' THEN 'Loan disbursed' WHEN 'fee' THEN 'Loan fee' ELSE 'Loan repayment' END
                          || ' · ' || g.holder_name || ' · ' || g.product_name END
             || CASE WHEN g.reverses_id IS NOT NULL THEN ' · ' || g.reason ELSE '' END,
           g.created_by_id, g.created_at
    FROM groups g ORDER BY g.value_date, g.seq
  ),
  lines AS (
    SELECT r.group_id, r.seq, 0 AS side, r.loans_account_id AS account_id, r.loan_id AS subledger_id,
           r.sign * CASE WHEN r.type = 'repayment' THEN -(r.fee_paid + r.principal_paid) ELSE r.amount_kobo END AS amount
    FROM rows r
    UNION ALL
    SELECT r.group_id, max(g.last_seq), 1, r.counter_account_id, NULL,
           sum(r.sign * CASE WHEN r.type = 'repayment' THEN r.amount_kobo ELSE -r.amount_kobo END)
    FROM rows r JOIN groups g ON g.group_id = r.group_id
    GROUP BY r.group_id, r.counter_account_id
    UNION ALL
    SELECT r.group_id, max(g.last_seq), 2, r.interest_account_id, NULL, sum(-r.sign * r.interest_paid)
    FROM rows r JOIN groups g ON g.group_id = r.group_id
    WHERE r.type = 'repayment'
    GROUP BY r.group_id, r.interest_account_id
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT g.entry_id, row_number() OVER (PARTITION BY g.entry_id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, g.value_date
  FROM lines l JOIN groups g ON g.group_id = l.group_id
  WHERE l.amount <> 0
  $q$;
  RETURN NULL;
END;
$$;
