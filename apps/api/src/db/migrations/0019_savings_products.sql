CREATE TABLE "savings_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"control_account_id" uuid NOT NULL,
	"share_price_kobo" bigint,
	"minimum_holding_kobo" bigint,
	"window_opens" text,
	"window_closes" text,
	"payout_on" text,
	"payout_to" text,
	"early_withdrawal" boolean DEFAULT false NOT NULL,
	"penalty_kind" text,
	"penalty_value" bigint,
	"penalty_account_id" uuid,
	"annual_rate_bp" integer,
	"term_months" integer,
	"retired_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_products_kind_check" CHECK ("savings_products"."kind" in ('shares', 'ordinary', 'target', 'fixed')),
	CONSTRAINT "savings_products_name_check" CHECK (length(btrim("savings_products"."name")) between 1 and 60),
	CONSTRAINT "savings_products_share_price_check" CHECK ("savings_products"."share_price_kobo" is null or "savings_products"."share_price_kobo" between 1 and 100000000000000),
	CONSTRAINT "savings_products_minimum_check" CHECK ("savings_products"."minimum_holding_kobo" is null or "savings_products"."minimum_holding_kobo" between 0 and 100000000000000),
	CONSTRAINT "savings_products_days_check" CHECK (coalesce("savings_products"."window_opens", '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and coalesce("savings_products"."window_closes", '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and coalesce("savings_products"."payout_on", '01-01') ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "savings_products_payout_to_check" CHECK ("savings_products"."payout_to" is null or "savings_products"."payout_to" in ('ordinary', 'out')),
	CONSTRAINT "savings_products_penalty_check" CHECK (("savings_products"."penalty_kind" is null and "savings_products"."penalty_value" is null) or ("savings_products"."penalty_kind" = 'percent' and "savings_products"."penalty_value" between 1 and 10000) or ("savings_products"."penalty_kind" = 'fixed' and "savings_products"."penalty_value" between 1 and 100000000000000)),
	CONSTRAINT "savings_products_rate_check" CHECK ("savings_products"."annual_rate_bp" is null or "savings_products"."annual_rate_bp" between 0 and 10000),
	CONSTRAINT "savings_products_term_check" CHECK ("savings_products"."term_months" is null or "savings_products"."term_months" between 1 and 120)
);
--> statement-breakpoint
-- Every account that exists is ordinary savings, under the chart's "Members' savings".
INSERT INTO savings_products (id, name, kind, control_account_id)
SELECT '00000000-0000-4000-8000-000000000001', 'Ordinary savings', 'ordinary', id FROM ledger_accounts WHERE system_key = 'scheme.member_savings';
--> statement-breakpoint
ALTER TABLE "savings_transactions" DROP CONSTRAINT "savings_transactions_type_check";--> statement-breakpoint
DROP INDEX "savings_accounts_user_id_key";--> statement-breakpoint
DROP INDEX "ledger_accounts_subledger_key";--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD COLUMN "product_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD COLUMN "principal_kobo" bigint;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD COLUMN "annual_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD COLUMN "matures_on" date;--> statement-breakpoint
ALTER TABLE "standing_contributions" ADD COLUMN "product_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_contributions" DROP CONSTRAINT "standing_contributions_pkey";--> statement-breakpoint
ALTER TABLE "standing_contributions" ADD CONSTRAINT "standing_contributions_pkey" PRIMARY KEY("user_id","product_id");--> statement-breakpoint
ALTER TABLE "savings_products" ADD CONSTRAINT "savings_products_control_account_id_ledger_accounts_id_fk" FOREIGN KEY ("control_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_products" ADD CONSTRAINT "savings_products_penalty_account_id_ledger_accounts_id_fk" FOREIGN KEY ("penalty_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "savings_products_name_lower_key" ON "savings_products" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "savings_products_control_account_key" ON "savings_products" USING btree ("control_account_id");--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD CONSTRAINT "savings_accounts_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_contributions" ADD CONSTRAINT "standing_contributions_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "savings_accounts_user_product_key" ON "savings_accounts" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "savings_accounts_product_idx" ON "savings_accounts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_subledger_key" ON "ledger_accounts" USING btree ("subledger") WHERE "ledger_accounts"."subledger" = 'loans';--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_type_check" CHECK ("savings_transactions"."type" in ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'penalty', 'interest'));--> statement-breakpoint
-- Issue 29 (docs/decisions/046-savings-products.md). Hand-written below this line.
-- ============================================================================================
-- Interest paid on savings (a fixed deposit's at maturity, later the year's) is the scheme's
-- expense; penalties go to the product's income account, else to this mapping's (fee income).
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
VALUES ('scheme', '5200', 'Interest on savings', 'expense', NULL, 'scheme.savings_interest')
ON CONFLICT (book, code) DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('savings.interest_expense', 'scheme.savings_interest'),
  ('savings.penalty_income', 'scheme.fee_income')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- Savings (scheme's book), now per product: each leg's member line sits under its account's
-- product's control account ("Members' savings" for ordinary savings, "Share capital" or a
-- product's own for the others), so a transfer from ordinary savings into shares moves money
-- between two control accounts in one entry. The counter account of a single posting:
--   deposit / withdrawal: payroll receivable (a monthly run) or the savings cash account;
--   penalty: the product's penalty account, else savings.penalty_income;
--   interest: savings.interest_expense.
-- A reversal posts through the account its original used (the original's type and batch decide).
CREATE OR REPLACE FUNCTION journal_savings(ids uuid[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH legs AS (
    SELECT t.id, t.seq, t.account_id, t.type, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
           coalesce(t.transfer_id, t.id) AS group_id,
           CASE WHEN t.type IN ('deposit', 'transfer_in', 'interest') THEN -t.amount_kobo ELSE t.amount_kobo END AS member_kobo,
           p.control_account_id,
           -- The legacy import sets kobo.savings_counter_key to 'scheme.opening' for its own
           -- transaction: members' opening savings are posted against the opening balances.
           CASE coalesce(o.type, t.type)
             WHEN 'penalty' THEN coalesce(p.penalty_account_id, (SELECT m.account_id FROM ledger_mappings m WHERE m.key = 'savings.penalty_income'))
             WHEN 'interest' THEN (SELECT m.account_id FROM ledger_mappings m WHERE m.key = 'savings.interest_expense')
             ELSE (SELECT m.account_id FROM ledger_mappings m
                   WHERE m.key = coalesce(nullif(current_setting('kobo.savings_counter_key', true), ''),
                                          CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN 'savings.payroll' ELSE 'savings.cash' END))
           END AS counter_account_id,
           a.holder_name || CASE WHEN p.kind = 'ordinary' THEN '' ELSE ' · ' || p.name END AS holder_name,
           coalesce(o.transfer_id, o.id) AS original_group
    FROM unnest(ids) AS x(id)
    JOIN savings_transactions t ON t.id = x.id
    JOIN savings_accounts a ON a.id = t.account_id
    JOIN savings_products p ON p.id = a.product_id
    LEFT JOIN savings_transactions o ON o.id = t.reverses_id
  ),
  groups AS (
    SELECT group_id, min(seq) AS seq, min(value_date) AS value_date, min(created_by_id) AS created_by_id, min(created_at) AS created_at,
           bool_or(reverses_id IS NOT NULL) AS is_reversal, min(reason) AS reason, min(original_group::text)::uuid AS original_group,
           CASE WHEN count(*) > 1 THEN 'Transfer · ' || string_agg(holder_name, ' → ' ORDER BY member_kobo DESC)
                ELSE initcap(min(type)) || ' · ' || min(holder_name) END AS what
    FROM legs GROUP BY group_id
  ),
  entries AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
    SELECT 'scheme', g.value_date, 'savings', g.group_id,
           (SELECT e.id FROM journal_entries e WHERE e.source_type = 'savings' AND e.source_id = g.original_group ORDER BY e.seq LIMIT 1),
           CASE WHEN g.is_reversal THEN 'Reversal · ' || g.what || ' · ' || g.reason ELSE g.what END,
           g.created_by_id, g.created_at
    FROM groups g ORDER BY g.value_date, g.seq
    RETURNING id, source_id, value_date
  ),
  lines AS (
    SELECT l.group_id, l.seq, 0 AS side, l.control_account_id AS account_id, l.account_id AS subledger_id, l.member_kobo AS amount
    FROM legs l
    UNION ALL
    SELECT l.group_id, l.seq, 1, l.counter_account_id, NULL, -l.member_kobo
    FROM legs l
    WHERE l.type NOT IN ('transfer_in', 'transfer_out')
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, row_number() OVER (PARTITION BY e.id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, e.value_date
  FROM lines l JOIN entries e ON e.source_id = l.group_id;
END;
$$;
--> statement-breakpoint
-- The single plain deposit or withdrawal (0018's fast path), under its product's control account.
CREATE OR REPLACE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE r record;
BEGIN
  SELECT n.id, n.account_id, n.type, n.amount_kobo, n.value_date, n.created_by_id, n.created_at, n.batch_id,
         n.transfer_id IS NULL AND n.reverses_id IS NULL AND n.type IN ('deposit', 'withdrawal') AS plain, count(*) OVER () AS rows_posted
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
    PERFORM journal_savings(ARRAY(SELECT id FROM new_rows));
    INSERT INTO ledger_notices (ledger, entry_id) SELECT 'savings', id FROM new_rows ORDER BY seq;
  END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_problems() RETURNS TABLE (problem text, subject text, expected_kobo bigint, found_kobo bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'entry does not balance', l.entry_id::text, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l GROUP BY l.entry_id HAVING sum(l.amount_kobo) <> 0
  UNION ALL
  SELECT 'trial balance does not balance', e.book, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY e.book HAVING sum(l.amount_kobo) <> 0
  UNION ALL
  SELECT 'line without its entry or account', l.entry_id::text || ' ' || l.line_no, 0::bigint, l.amount_kobo
  FROM journal_lines l
  WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = l.entry_id)
     OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = l.account_id)
  UNION ALL
  SELECT 'day balances differ from the lines', coalesce(d.account_id, l.account_id)::text, coalesce(l.total, 0)::bigint, coalesce(d.total, 0)::bigint
  FROM (SELECT account_id, sum(net_kobo) AS total FROM ledger_day_balances GROUP BY account_id) d
  FULL JOIN (SELECT account_id, sum(amount_kobo) AS total FROM journal_lines GROUP BY account_id) l ON l.account_id = d.account_id
  WHERE coalesce(d.total, 0) <> coalesce(l.total, 0)
  UNION ALL
  -- Each member account's lines sit under its product's control account, and sum to its balance;
  -- a line of it under any other members' control account shows as a difference there.
  SELECT 'member''s savings differ from the books', coalesce(s.id, j.subledger_id)::text, coalesce(s.balance_kobo, 0), coalesce(-j.total, 0)::bigint
  FROM (SELECT s.id, s.balance_kobo, p.control_account_id FROM savings_accounts s JOIN savings_products p ON p.id = s.product_id) s
  FULL JOIN (
    SELECT l.subledger_id, l.account_id, sum(l.amount_kobo) AS total FROM journal_lines l
    WHERE l.account_id IN (SELECT id FROM ledger_accounts WHERE subledger = 'member_savings') GROUP BY l.subledger_id, l.account_id
  ) j ON j.subledger_id = s.id AND j.account_id = s.control_account_id
  WHERE coalesce(s.balance_kobo, 0) <> coalesce(-j.total, 0)
  UNION ALL
  SELECT 'loan differs from the books', ln.id::text, ln.expected::bigint, coalesce(j.total, 0)::bigint
  FROM (
    SELECT l.id, CASE WHEN l.status = 'written_off' THEN 0
                      ELSE l.fee_outstanding_kobo + coalesce((SELECT sum(i.principal_kobo - i.principal_paid_kobo) FROM loan_instalments i WHERE i.loan_id = l.id), 0) END AS expected
    FROM loans l
  ) ln
  LEFT JOIN (
    SELECT l.subledger_id, sum(l.amount_kobo) AS total FROM journal_lines l
    WHERE l.account_id = (SELECT id FROM ledger_accounts WHERE subledger = 'loans') GROUP BY l.subledger_id
  ) j ON j.subledger_id = ln.id
  WHERE ln.expected <> coalesce(j.total, 0)
  UNION ALL
  -- An expense's entries, on whatever expense accounts they used (its item may have moved to
  -- another account since), net to its amount; a deleted expense's net to nothing.
  SELECT 'expense differs from the books', coalesce(x.id, j.source_id)::text, coalesce(x.asked, 0), coalesce(j.total, 0)::bigint
  FROM (
    SELECT x.id, CASE WHEN c.ledger_account_id <> expense_payment_account(x.payment_method) THEN x.amount_kobo ELSE 0 END AS asked
    FROM expenses x JOIN categories c ON c.id = x.category_id
  ) x
  FULL JOIN (
    SELECT e.source_id, sum(l.amount_kobo) AS total
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'expense'
    WHERE e.source_type = 'expense' GROUP BY e.source_id
  ) j ON j.source_id = x.id
  WHERE coalesce(x.asked, 0) <> coalesce(j.total, 0)
  UNION ALL
  SELECT 'expense totals differ from the expenses', coalesce(t.category_id, x.category_id)::text || ' ' || coalesce(t.day, x.spent_on)::text
           || ' (' || coalesce(x.n, 0) || ' expenses, ' || coalesce(t.n, 0) || ' counted)',
         coalesce(x.total, 0)::bigint, coalesce(t.total, 0)::bigint
  FROM (SELECT category_id, day, sum(amount_kobo) AS total, sum(expense_count) AS n FROM expense_day_totals GROUP BY category_id, day) t
  FULL JOIN (SELECT category_id, spent_on, sum(amount_kobo) AS total, count(*) AS n FROM expenses GROUP BY category_id, spent_on) x
    ON x.category_id = t.category_id AND x.spent_on = t.day
  WHERE coalesce(t.total, 0) <> coalesce(x.total, 0) OR coalesce(t.n, 0) <> coalesce(x.n, 0)
$$;
