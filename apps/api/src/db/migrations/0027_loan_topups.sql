-- Issue 33: loan topups. Written by hand; the drizzle snapshot is regenerated when the issue lands.
-- Part A (docs/decisions/052-payoff-topup-refinance.md): a top-up names the running loan it pays off;
-- the repayment that pays it off names the top-up; a restructure keeps the schedule it replaced.
ALTER TABLE "loans" ADD COLUMN "tops_up_loan_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_tops_up_loan_id_loans_id_fk" FOREIGN KEY ("tops_up_loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- One live top-up per running loan: two applications to top up the same loan cannot both stand.
CREATE UNIQUE INDEX "loans_tops_up_key" ON "loans" USING btree ("tops_up_loan_id") WHERE "loans"."tops_up_loan_id" is not null and "loans"."status" not in ('rejected', 'cancelled');--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD COLUMN "paid_by_loan_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_paid_by_loan_id_loans_id_fk" FOREIGN KEY ("paid_by_loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "loan_restructures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "loan_restructures_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"months" integer,
	"instalment_kobo" bigint,
	"reason" text NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" text,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"effective_on" date,
	"new_months" integer,
	"principal_kobo" bigint,
	"carried_interest_kobo" bigint,
	"old_instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "loan_restructures_status_check" CHECK ("loan_restructures"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "loan_restructures_ask_check" CHECK (("loan_restructures"."months" is null) <> ("loan_restructures"."instalment_kobo" is null)),
	CONSTRAINT "loan_restructures_months_check" CHECK ("loan_restructures"."months" is null or "loan_restructures"."months" between 1 and 120),
	CONSTRAINT "loan_restructures_instalment_check" CHECK ("loan_restructures"."instalment_kobo" is null or "loan_restructures"."instalment_kobo" > 0)
);--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_restructures_seq_key" ON "loan_restructures" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "loan_restructures_loan_idx" ON "loan_restructures" USING btree ("loan_id","seq");--> statement-breakpoint
-- One restructure waiting for approval per loan.
CREATE UNIQUE INDEX "loan_restructures_pending_key" ON "loan_restructures" USING btree ("loan_id") WHERE "loan_restructures"."status" = 'pending';
