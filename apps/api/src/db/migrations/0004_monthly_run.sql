CREATE TABLE "savings_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "savings_batches_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"value_date" date NOT NULL,
	"description" text NOT NULL,
	"file_hash" text,
	"file_name" text,
	"row_count" integer NOT NULL,
	"deposit_kobo" bigint NOT NULL,
	"withdrawal_kobo" bigint NOT NULL,
	"repeat_reason" text,
	"posted_by_id" text NOT NULL,
	"posted_by_name" text NOT NULL,
	"posted_by_email" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by_name" text,
	"reversed_by_email" text,
	"reversal_reason" text,
	CONSTRAINT "savings_batches_month_check" CHECK ("savings_batches"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "standing_contributions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" text NOT NULL,
	CONSTRAINT "standing_contributions_amount_check" CHECK ("standing_contributions"."amount_kobo" between 0 and 100000000000000)
);
--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD COLUMN "value_date" date;--> statement-breakpoint
-- Postings made before value dates existed count on the day they were recorded, in Lagos (the
-- default APP_TIMEZONE; docs/decisions/016-value-dates-and-reversals.md). The ledger's guard is
-- lifted for this one backfill only, inside the migration's transaction.
ALTER TABLE "savings_transactions" DISABLE TRIGGER "savings_transactions_append_only";--> statement-breakpoint
UPDATE "savings_transactions" SET "value_date" = ("created_at" AT TIME ZONE 'Africa/Lagos')::date;--> statement-breakpoint
ALTER TABLE "savings_transactions" ENABLE TRIGGER "savings_transactions_append_only";--> statement-breakpoint
ALTER TABLE "savings_transactions" ALTER COLUMN "value_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "standing_contributions" ADD CONSTRAINT "standing_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "savings_batches_seq_key" ON "savings_batches" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "savings_batches_month_idx" ON "savings_batches" USING btree ("month");--> statement-breakpoint
CREATE INDEX "savings_batches_file_hash_idx" ON "savings_batches" USING btree ("file_hash");--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_reverses_id_savings_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."savings_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_batch_id_savings_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."savings_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_transactions_account_value_idx" ON "savings_transactions" USING btree ("account_id","value_date" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "savings_transactions_reverses_key" ON "savings_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "savings_transactions_batch_idx" ON "savings_transactions" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "savings_transactions" ADD CONSTRAINT "savings_transactions_reason_check" CHECK (("savings_transactions"."reverses_id" is null) = ("savings_transactions"."reason" is null));