-- Issue 33: recovery from guarantors (docs/decisions/055-guarantor-recovery.md). Written by hand;
-- the drizzle snapshot is regenerated when the issue lands.
CREATE TABLE "loan_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"days_in_arrears" integer NOT NULL,
	"overdue_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"shares" jsonb NOT NULL,
	"proposed_by_id" text NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by_id" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"value_date" date,
	"entry_id" uuid,
	"repayment_id" uuid,
	CONSTRAINT "loan_recoveries_status_check" CHECK ("loan_recoveries"."status" in ('proposed', 'approved', 'declined')),
	CONSTRAINT "loan_recoveries_amount_check" CHECK ("loan_recoveries"."amount_kobo" > 0 and "loan_recoveries"."amount_kobo" <= "loan_recoveries"."overdue_kobo"),
	CONSTRAINT "loan_recoveries_approved_check" CHECK (("loan_recoveries"."status" = 'approved') = ("loan_recoveries"."entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "guarantor_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recovery_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"borrower_account_id" uuid NOT NULL,
	"guarantor_account_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"repaid_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guarantor_claims_amount_check" CHECK ("guarantor_claims"."amount_kobo" > 0 and "guarantor_claims"."repaid_kobo" between 0 and "guarantor_claims"."amount_kobo")
);
--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_repayment_id_loan_transactions_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantor_claims" ADD CONSTRAINT "guarantor_claims_recovery_id_loan_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."loan_recoveries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantor_claims" ADD CONSTRAINT "guarantor_claims_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantor_claims" ADD CONSTRAINT "guarantor_claims_borrower_account_id_savings_accounts_id_fk" FOREIGN KEY ("borrower_account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantor_claims" ADD CONSTRAINT "guarantor_claims_guarantor_account_id_savings_accounts_id_fk" FOREIGN KEY ("guarantor_account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- One recovery awaiting approval per loan: two officers proposing at once meet this.
CREATE UNIQUE INDEX "loan_recoveries_open_key" ON "loan_recoveries" USING btree ("loan_id") WHERE "loan_recoveries"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "loan_recoveries_status_idx" ON "loan_recoveries" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "loan_recoveries_loan_idx" ON "loan_recoveries" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_recoveries_repayment_key" ON "loan_recoveries" USING btree ("repayment_id") WHERE "loan_recoveries"."repayment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guarantor_claims_recovery_guarantor_key" ON "guarantor_claims" USING btree ("recovery_id","guarantor_account_id");--> statement-breakpoint
CREATE INDEX "guarantor_claims_borrower_idx" ON "guarantor_claims" USING btree ("borrower_account_id");--> statement-breakpoint
CREATE INDEX "guarantor_claims_guarantor_idx" ON "guarantor_claims" USING btree ("guarantor_account_id");--> statement-breakpoint
CREATE INDEX "guarantor_claims_loan_idx" ON "guarantor_claims" USING btree ("loan_id");--> statement-breakpoint
-- The recovery's one journal entry is its own source ('loan_recovery'). Issue 33's parts land
-- together and may each widen this list, so the value is added to whatever list stands, not typed
-- again from 0026's.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(c.oid) INTO def FROM pg_constraint c
  WHERE c.conrelid = 'journal_entries'::regclass AND c.conname = 'journal_entries_source_check';
  IF def IS NOT NULL AND position('''loan_recovery''' IN def) = 0 THEN
    ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check;
    EXECUTE 'ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check '
      || replace(def, 'ARRAY[', 'ARRAY[''loan_recovery''::text, ');
  END IF;
END $$;
--> statement-breakpoint
-- A recovery's loan repayment is one half of a movement whose other half is the guarantors'
-- withdrawals: reversing it alone from the loan's page would credit cash that never came in. It is
-- refused whoever writes it (answered 409 LOAN_REVERSAL_REFUSED by plugins/errors.ts).
CREATE FUNCTION refuse_recovery_reversals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN loan_recoveries r ON r.repayment_id = n.reverses_id WHERE n.reverses_id IS NOT NULL) THEN
    RAISE EXCEPTION 'a recovery''s repayment is not reversed on its own' USING ERRCODE = 'KB433';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_transactions_refuse_recovery_reversals AFTER INSERT ON loan_transactions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_recovery_reversals();
