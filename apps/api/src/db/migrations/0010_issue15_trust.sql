CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"invited_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_notices_ledger_check" CHECK ("ledger_notices"."ledger" in ('savings', 'loan'))
);
--> statement-breakpoint
CREATE TABLE "savings_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "savings_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"account_id" uuid,
	"to_user_id" text,
	"to_account_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"description" text,
	"value_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_id" text NOT NULL,
	"maker_name" text NOT NULL,
	"maker_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" text,
	"decided_by_name" text,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"transaction_id" uuid,
	CONSTRAINT "savings_requests_origin_check" CHECK ("savings_requests"."origin" in ('two_person', 'member')),
	CONSTRAINT "savings_requests_type_check" CHECK ("savings_requests"."type" in ('deposit', 'withdrawal', 'transfer')),
	CONSTRAINT "savings_requests_status_check" CHECK ("savings_requests"."status" in ('pending', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "savings_requests_amount_check" CHECK ("savings_requests"."amount_kobo" between 1 and 100000000000000),
	CONSTRAINT "savings_requests_holds_account_check" CHECK ("savings_requests"."type" = 'deposit' or "savings_requests"."account_id" is not null),
	CONSTRAINT "savings_requests_transfer_check" CHECK (("savings_requests"."type" = 'transfer') = ("savings_requests"."to_account_id" is not null)),
	CONSTRAINT "savings_requests_decided_check" CHECK (("savings_requests"."status" = 'pending') = ("savings_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "scheduled_runs_name_period_pk" PRIMARY KEY("name","period")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_to_account_id_savings_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_transaction_id_savings_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."savings_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_requests_seq_key" ON "savings_requests" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "savings_requests_pending_account_idx" ON "savings_requests" USING btree ("account_id") WHERE "savings_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "savings_requests_status_idx" ON "savings_requests" USING btree ("status","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "savings_requests_user_idx" ON "savings_requests" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
-- Every new ledger row leaves a notice for the notifier, in the posting's own transaction (issue 15):
-- one statement-level trigger per ledger, so a batch of two hundred rows is one extra insert.
CREATE FUNCTION note_savings_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_notices (ledger, entry_id) SELECT 'savings', id FROM new_rows ORDER BY seq;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_notice
  AFTER INSERT ON savings_transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_savings_postings();
--> statement-breakpoint
CREATE FUNCTION note_loan_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_notices (ledger, entry_id) SELECT 'loan', id FROM new_rows ORDER BY seq;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_transactions_notice
  AFTER INSERT ON loan_transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_loan_postings();
