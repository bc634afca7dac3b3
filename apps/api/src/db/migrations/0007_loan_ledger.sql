CREATE TABLE "loan_instalments" (
	"loan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal_kobo" bigint NOT NULL,
	"interest_kobo" bigint NOT NULL,
	"principal_paid_kobo" bigint DEFAULT 0 NOT NULL,
	"interest_paid_kobo" bigint DEFAULT 0 NOT NULL,
	"interest_waived_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_instalments_loan_id_number_pk" PRIMARY KEY("loan_id","number"),
	CONSTRAINT "loan_instalments_principal_check" CHECK ("loan_instalments"."principal_paid_kobo" between 0 and "loan_instalments"."principal_kobo"),
	CONSTRAINT "loan_instalments_interest_check" CHECK ("loan_instalments"."interest_paid_kobo" + "loan_instalments"."interest_waived_kobo" between 0 and "loan_instalments"."interest_kobo"),
	CONSTRAINT "loan_instalments_paid_check" CHECK ("loan_instalments"."interest_paid_kobo" >= 0 and "loan_instalments"."interest_waived_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "loan_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"value_date" date NOT NULL,
	"allocation" jsonb,
	"reverses_id" uuid,
	"reason" text,
	"batch_id" uuid,
	"created_by_id" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_transactions_type_check" CHECK ("loan_transactions"."type" in ('disbursement', 'fee', 'repayment')),
	CONSTRAINT "loan_transactions_amount_check" CHECK ("loan_transactions"."amount_kobo" between 1 and 100000000000000),
	CONSTRAINT "loan_transactions_reason_check" CHECK (("loan_transactions"."reverses_id" is null) = ("loan_transactions"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disbursed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disbursed_value_date" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disbursed_by_id" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "fee_outstanding_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_reverses_id_loan_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."loan_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_batch_id_savings_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."savings_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_instalments_due_idx" ON "loan_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_seq_key" ON "loan_transactions" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_reverses_key" ON "loan_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "loan_transactions_loan_idx" ON "loan_transactions" USING btree ("loan_id","seq");--> statement-breakpoint
CREATE INDEX "loan_transactions_batch_idx" ON "loan_transactions" USING btree ("batch_id");--> statement-breakpoint
-- The loan ledger is append-only, as the savings ledger is (DECISIONS 9): a mistake is reversed.
CREATE FUNCTION refuse_loan_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_transactions rows cannot be changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_transactions_append_only
  BEFORE UPDATE OR DELETE ON loan_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_loan_ledger_change();
--> statement-breakpoint
CREATE TRIGGER loan_transactions_no_truncate
  BEFORE TRUNCATE ON loan_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_loan_ledger_change();
