-- Issue 33: loan penalties (docs/decisions/053-loan-penalties.md). Written by hand; the drizzle
-- snapshot is regenerated when the issue lands.
-- A product's penalty rule: none (penalty_kind null), a flat amount (kobo) or a percentage of the
-- overdue amount (basis points); once or monthly; grace days; a cap per instalment (kobo, or basis
-- points of the instalment); paid first or after the principal due.
ALTER TABLE "loan_products" ADD COLUMN "penalty_kind" text;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_value" bigint;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_frequency" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_cap_kind" text;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_cap_value" bigint;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "penalty_order" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_penalty_check" CHECK (("penalty_kind" is null and "penalty_value" is null) or ("penalty_kind" = 'percent' and "penalty_value" between 1 and 10000) or ("penalty_kind" = 'flat' and "penalty_value" between 1 and 100000000000000));--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_penalty_cap_check" CHECK (("penalty_cap_kind" is null and "penalty_cap_value" is null) or ("penalty_cap_kind" = 'percent' and "penalty_cap_value" between 1 and 10000) or ("penalty_cap_kind" = 'amount' and "penalty_cap_value" between 1 and 100000000000000));--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_penalty_rule_check" CHECK ("penalty_frequency" in ('once', 'monthly') and "penalty_grace_days" between 0 and 365 and "penalty_order" in ('first', 'after_principal'));--> statement-breakpoint
-- One row per penalty charge: never deleted; paid and waived are running totals as on
-- loan_instalments. The unique key is what makes the daily job post once, however often it runs.
CREATE TABLE "loan_penalty_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"instalment_number" integer NOT NULL,
	"charge_number" integer NOT NULL,
	"charge_date" date NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"waived_kobo" bigint DEFAULT 0 NOT NULL,
	"entry_id" uuid NOT NULL,
	"waived_at" timestamp with time zone,
	"waived_by_id" text,
	"waive_reason" text,
	"waive_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_penalty_charges_amount_check" CHECK ("amount_kobo" between 1 and 100000000000000),
	CONSTRAINT "loan_penalty_charges_settled_check" CHECK ("paid_kobo" >= 0 and "waived_kobo" >= 0 and "paid_kobo" + "waived_kobo" <= "amount_kobo"),
	CONSTRAINT "loan_penalty_charges_waiver_check" CHECK (("waived_kobo" = 0) = ("waive_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "loan_penalty_charges" ADD CONSTRAINT "loan_penalty_charges_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_charges" ADD CONSTRAINT "loan_penalty_charges_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_charges" ADD CONSTRAINT "loan_penalty_charges_waive_entry_id_journal_entries_id_fk" FOREIGN KEY ("waive_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_penalty_charges_key" ON "loan_penalty_charges" USING btree ("loan_id","instalment_number","charge_number");--> statement-breakpoint
-- The payoff quote and the repayments read what each loan owes in penalties (Part A reads this view).
CREATE VIEW "loan_penalty_balances" AS
  SELECT loan_id, sum(amount_kobo)::bigint AS charged_kobo, sum(paid_kobo)::bigint AS paid_kobo, sum(waived_kobo)::bigint AS waived_kobo,
         sum(amount_kobo - paid_kobo - waived_kobo)::bigint AS penalty_outstanding_kobo
  FROM loan_penalty_charges GROUP BY loan_id;
--> statement-breakpoint
-- "Penalties receivable" (asset) at the first free code from 1210 beside "Loans to members": the
-- loans control account keeps equal to its sub-ledger (principal and fee), penalties apart; and
-- "Loan penalty income" at the first free code from 4120.
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Penalties receivable', 'asset', NULL, 'scheme.penalty_receivable'
FROM generate_series(1210, 1290, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.penalty_receivable')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Loan penalty income', 'income', NULL, 'scheme.penalty_income'
FROM generate_series(4120, 4190, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.penalty_income')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('loans.penalty_receivable', 'scheme.penalty_receivable'),
  ('loans.penalty_income', 'scheme.penalty_income')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- A penalty's entries (the job's charges, a waiver) are their own source, source_id the loan. The
-- list is extended where it stands (other parts of issue 33 extend it too), not typed again.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(c.oid) INTO def FROM pg_constraint c WHERE c.conname = 'journal_entries_source_check' AND c.conrelid = 'journal_entries'::regclass;
  IF def IS NOT NULL AND position('''penalty''' in def) = 0 THEN
    EXECUTE 'ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check';
    EXECUTE 'ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check ' || replace(def, 'ARRAY[', 'ARRAY[''penalty''::text, ');
  END IF;
END;
$$;
--> statement-breakpoint
-- The loan posting rule as 0026 left it, with one change for issue 33: a repayment's penalties
-- (allocation ->> 'penalty') are credited to "Penalties receivable" (three additions marked "Issue 33").
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
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.interest_income') AS interest_income,
           -- Issue 33: the penalties a repayment pays leave "Penalties receivable".
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.penalty_receivable') AS penalty_receivable
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
           coalesce((t.allocation ->> 'penalty')::bigint, 0) AS penalty_paid,
           a.holder_name, l.product_name,
           CASE t.type WHEN 'disbursement' THEN m.disbursement WHEN 'fee' THEN m.fee_income
             ELSE CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN m.repayment_payroll ELSE m.repayment_cash END END AS counter_account_id,
           m.loans AS loans_account_id, m.interest_income AS interest_account_id, m.penalty_receivable AS penalty_account_id
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
    UNION ALL
    -- Issue 33: the penalties paid (allocation ->> 'penalty'), credited to "Penalties receivable".
    SELECT r.group_id, max(g.last_seq), 3, r.penalty_account_id, NULL, sum(-r.sign * r.penalty_paid)
    FROM rows r JOIN groups g ON g.group_id = r.group_id
    WHERE r.type = 'repayment'
    GROUP BY r.group_id, r.penalty_account_id
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT g.entry_id, row_number() OVER (PARTITION BY g.entry_id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, g.value_date
  FROM lines l JOIN groups g ON g.group_id = l.group_id
  WHERE l.amount <> 0
  $q$;
  RETURN NULL;
END;
$$;
