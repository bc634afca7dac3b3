-- Issue 33: loans without interest (murabaha and qard hasan; docs/decisions/056-loans-without-interest.md).
-- Written by hand; the drizzle snapshot is regenerated when the issue lands.
-- A product's kind: 'interest' (every product before), 'murabaha' (cost plus a markup fixed at the
-- start) or 'qard_hasan' (interest-free, at most a fixed fee). Neither of the last two keeps a rate.
ALTER TABLE "loan_products" ADD COLUMN "kind" text DEFAULT 'interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "markup_bp" integer;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "charity_kind" text;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "charity_value" bigint;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_kind_check" CHECK ("loan_products"."kind" in ('interest', 'murabaha', 'qard_hasan'));--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_kind_terms_check" CHECK (("loan_products"."kind" = 'interest' and "loan_products"."markup_bp" is null and "loan_products"."charity_kind" is null) or ("loan_products"."kind" = 'murabaha' and "loan_products"."annual_rate_bp" = 0 and "loan_products"."markup_bp" between 1 and 10000) or ("loan_products"."kind" = 'qard_hasan' and "loan_products"."annual_rate_bp" = 0 and "loan_products"."markup_bp" is null and "loan_products"."charity_kind" is null and ("loan_products"."fee_kind" is null or "loan_products"."fee_kind" = 'fixed')));--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_charity_check" CHECK (("loan_products"."charity_kind" is null and "loan_products"."charity_value" is null) or ("loan_products"."charity_kind" = 'percent' and "loan_products"."charity_value" between 1 and 10000) or ("loan_products"."charity_kind" = 'fixed' and "loan_products"."charity_value" between 1 and 100000000000000));--> statement-breakpoint
-- A loan copies its product's kind and markup when applied for; a murabaha names the item bought.
ALTER TABLE "loans" ADD COLUMN "kind" text DEFAULT 'interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "markup_bp" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "item" text;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_kind_check" CHECK (("loans"."kind" = 'interest' and "loans"."markup_bp" is null) or ("loans"."kind" = 'murabaha' and "loans"."annual_rate_bp" = 0 and "loans"."markup_bp" between 1 and 10000 and "loans"."item" is not null) or ("loans"."kind" = 'qard_hasan' and "loans"."annual_rate_bp" = 0 and "loans"."markup_bp" is null));--> statement-breakpoint
-- Murabaha markup income at the first free code from 4120 (0026 took 4110 for exit fees), and
-- Charity payable (a liability: late-payment donations are owed to charity, never income) at the
-- first free code from 2180 (0026 took 2170 for exits payable); their mapping keys.
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Murabaha markup income', 'income', NULL, 'scheme.murabaha_markup'
FROM generate_series(4120, 4190, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.murabaha_markup')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Charity payable', 'liability', NULL, 'scheme.charity_payable'
FROM generate_series(2180, 2199) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.charity_payable')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('loans.markup_income', 'scheme.murabaha_markup'),
  ('loans.charity_payable', 'scheme.charity_payable')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- The loan posting rule as 0028 (penalties) left it, the last to replace it, with one change: a
-- murabaha loan's markup goes to 'loans.markup_income' instead of 'loans.interest_income' (the two
-- places marked "loans without interest"). Batched repayments already sum that line per account,
-- so a payroll batch with both kinds of loan gets one interest line and one markup line.
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
           -- Issue 33 (loans without interest): a murabaha's "interest" figures are its markup, income of its own.
           (SELECT account_id FROM ledger_mappings WHERE key = 'loans.markup_income') AS markup_income,
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
           m.loans AS loans_account_id, CASE WHEN l.kind = 'murabaha' THEN m.markup_income ELSE m.interest_income END AS interest_account_id, m.penalty_receivable AS penalty_account_id
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
