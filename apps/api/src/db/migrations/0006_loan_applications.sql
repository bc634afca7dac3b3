CREATE TABLE "loan_guarantors" (
	"loan_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "loan_guarantors_loan_id_account_id_pk" PRIMARY KEY("loan_id","account_id"),
	CONSTRAINT "loan_guarantors_amount_check" CHECK ("loan_guarantors"."amount_kobo" between 1 and 100000000000000),
	CONSTRAINT "loan_guarantors_status_check" CHECK ("loan_guarantors"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "loans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"method" text NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"savings_multiple" integer NOT NULL,
	"overpayment" text NOT NULL,
	"principal_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"months" integer NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"applied_by_id" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "loans_principal_check" CHECK ("loans"."principal_kobo" between 1 and 100000000000000),
	CONSTRAINT "loans_fee_check" CHECK ("loans"."fee_kobo" between 0 and 100000000000000),
	CONSTRAINT "loans_months_check" CHECK ("loans"."months" between 1 and 120),
	CONSTRAINT "loans_status_check" CHECK (status in ('awaiting_guarantors', 'awaiting_approval', 'approved', 'rejected', 'cancelled', 'active', 'repaid', 'written_off'))
);
--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD CONSTRAINT "loan_guarantors_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_guarantors" ADD CONSTRAINT "loan_guarantors_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_account_id_savings_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."savings_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_guarantors_account_idx" ON "loan_guarantors" USING btree ("account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_seq_key" ON "loans" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "loans_account_idx" ON "loans" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","seq" DESC NULLS LAST);