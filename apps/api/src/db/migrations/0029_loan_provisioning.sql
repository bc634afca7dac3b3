-- Issue 33: loan provisioning. Written by hand; the drizzle snapshot is regenerated when the issue lands.
-- docs/decisions/054-portfolio-at-risk-and-provisioning.md
CREATE TABLE "loan_provision_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "loan_provision_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"as_of" date NOT NULL,
	"loan_count" integer NOT NULL,
	"required_kobo" bigint NOT NULL,
	"held_before_kobo" bigint NOT NULL,
	"difference_kobo" bigint NOT NULL,
	"entry_id" uuid,
	"settings" jsonb NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_provision_runs_month_check" CHECK ("loan_provision_runs"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "loan_provision_runs_figures_check" CHECK ("loan_provision_runs"."required_kobo" >= 0 and "loan_provision_runs"."difference_kobo" = "loan_provision_runs"."required_kobo" - "loan_provision_runs"."held_before_kobo"),
	CONSTRAINT "loan_provision_runs_entry_check" CHECK (("loan_provision_runs"."entry_id" is null) = ("loan_provision_runs"."difference_kobo" = 0))
);
--> statement-breakpoint
CREATE TABLE "loan_provision_lines" (
	"run_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"classification" text NOT NULL,
	"days_in_arrears" integer NOT NULL,
	"outstanding_principal_kobo" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"provision_kobo" bigint NOT NULL,
	CONSTRAINT "loan_provision_lines_run_id_loan_id_pk" PRIMARY KEY("run_id","loan_id"),
	CONSTRAINT "loan_provision_lines_classification_check" CHECK ("loan_provision_lines"."classification" in ('performing', 'watch', 'substandard', 'doubtful', 'lost')),
	CONSTRAINT "loan_provision_lines_figures_check" CHECK ("loan_provision_lines"."days_in_arrears" >= 0 and "loan_provision_lines"."outstanding_principal_kobo" >= 0 and "loan_provision_lines"."rate_bp" between 0 and 10000 and "loan_provision_lines"."provision_kobo" between 0 and "loan_provision_lines"."outstanding_principal_kobo")
);
--> statement-breakpoint
ALTER TABLE "loan_provision_runs" ADD CONSTRAINT "loan_provision_runs_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_provision_lines" ADD CONSTRAINT "loan_provision_lines_run_id_loan_provision_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."loan_provision_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_provision_lines" ADD CONSTRAINT "loan_provision_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_provision_runs_seq_key" ON "loan_provision_runs" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "loan_provision_runs_month_idx" ON "loan_provision_runs" USING btree ("month","seq");--> statement-breakpoint
CREATE INDEX "loan_provision_lines_loan_idx" ON "loan_provision_lines" USING btree ("loan_id");--> statement-breakpoint
-- ============================================================================================
-- Hand-written below this line.
-- ============================================================================================
-- A provision run's entry is its own source. The list is extended where it stands (other parts of
-- issue 33 may have extended it first), not typed again.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(c.oid) INTO def FROM pg_constraint c WHERE c.conname = 'journal_entries_source_check' AND c.conrelid = 'journal_entries'::regclass;
  IF def IS NOT NULL AND position('''provision''' in def) = 0 THEN
    EXECUTE 'ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check';
    EXECUTE 'ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check ' || replace(def, 'ARRAY[', 'ARRAY[''provision''::text, ');
  END IF;
END;
$$;
--> statement-breakpoint
-- "Loan loss provision": a contra-asset beside Loans to members (an asset account that holds a
-- credit balance), at the first free code from 1250 (1210–1240 left for the scheme's own loan accounts); its expense "Provision for loan losses" beside
-- Loans written off, at the first free code from 5010.
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Loan loss provision', 'asset', NULL, 'scheme.loan_loss_provision'
FROM generate_series(1250, 1290, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.loan_loss_provision')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Provision for loan losses', 'expense', NULL, 'scheme.loan_loss_expense'
FROM generate_series(5010, 5090, 10) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.loan_loss_expense')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('loans.provision', 'scheme.loan_loss_provision'),
  ('loans.provision_expense', 'scheme.loan_loss_expense')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- 0015's write-off, now against the provision: what the loan still holds under Loans to members
-- is credited there; the provision held for this loan (its line in the latest run, never more than
-- the provision account holds, nor than the loan owes) is debited to Loan loss provision, and the
-- rest to Loans written off. The provision mapping's row is locked first, so a write-off and a
-- provision run never read the account's balance at the same time.
CREATE OR REPLACE FUNCTION journal_write_off(p_loan uuid, p_day date, p_actor text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE owed bigint; provision_account uuid; held bigint; for_loan bigint; used bigint;
BEGIN
  SELECT coalesce(sum(l.amount_kobo), 0) INTO owed
  FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id AND a.subledger = 'loans'
  WHERE l.subledger_id = p_loan;
  IF owed = 0 THEN RETURN; END IF;
  SELECT account_id INTO provision_account FROM ledger_mappings WHERE key = 'loans.provision' FOR UPDATE;
  used := 0;
  IF provision_account IS NOT NULL AND owed > 0 THEN
    SELECT coalesce(-sum(amount_kobo), 0) INTO held FROM journal_lines WHERE account_id = provision_account;
    SELECT pl.provision_kobo INTO for_loan
    FROM loan_provision_lines pl JOIN loan_provision_runs r ON r.id = pl.run_id
    WHERE pl.loan_id = p_loan ORDER BY r.seq DESC LIMIT 1;
    used := greatest(0, least(coalesce(for_loan, 0), held, owed));
  END IF;
  WITH e AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
    SELECT 'scheme', p_day, 'write_off', p_loan, 'Loan written off · ' || a.holder_name || ' · ' || l.product_name, p_actor
    FROM loans l JOIN savings_accounts a ON a.id = l.account_id WHERE l.id = p_loan
    RETURNING id
  ),
  legs AS (
    SELECT 1 AS ord, provision_account AS account_id, NULL::uuid AS subledger_id, used AS amount_kobo WHERE used > 0
    UNION ALL
    SELECT 2, (SELECT account_id FROM ledger_mappings WHERE key = 'loans.write_off'), NULL, owed - used WHERE owed - used <> 0
    UNION ALL
    SELECT 3, (SELECT id FROM ledger_accounts WHERE subledger = 'loans'), p_loan, -owed
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, row_number() OVER (ORDER BY legs.ord), legs.account_id, legs.subledger_id, legs.amount_kobo, p_day FROM e, legs;
END;
$$;
