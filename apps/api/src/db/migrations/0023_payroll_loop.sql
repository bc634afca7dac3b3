CREATE TABLE "contribution_arrears" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"month" text NOT NULL,
	"remittance_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_arrears_amount_check" CHECK ("contribution_arrears"."amount_kobo" > 0 and "contribution_arrears"."amount_kobo" <= 100000000000000),
	CONSTRAINT "contribution_arrears_outstanding_check" CHECK ("contribution_arrears"."outstanding_kobo" >= 0 and "contribution_arrears"."outstanding_kobo" <= "contribution_arrears"."amount_kobo"),
	CONSTRAINT "contribution_arrears_month_check" CHECK ("contribution_arrears"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payroll_advice_lines" (
	"advice_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"staff_id" text,
	"name" text NOT NULL,
	"deductions" jsonb NOT NULL,
	"total_kobo" bigint NOT NULL,
	"held_reason" text,
	"changed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payroll_advice_lines_advice_id_user_id_pk" PRIMARY KEY("advice_id","user_id"),
	CONSTRAINT "payroll_advice_lines_total_check" CHECK ("payroll_advice_lines"."total_kobo" >= 0 and "payroll_advice_lines"."total_kobo" <= 100000000000000)
);
--> statement-breakpoint
CREATE TABLE "payroll_advices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"value_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rededuct_arrears" boolean NOT NULL,
	"allocation_order" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"prepared_by_id" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_id" text,
	"issued_by_name" text,
	"issued_at" timestamp with time zone,
	CONSTRAINT "payroll_advices_month_check" CHECK ("payroll_advices"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_advices_status_check" CHECK ("payroll_advices"."status" in ('draft', 'issued')),
	CONSTRAINT "payroll_advices_order_check" CHECK ("payroll_advices"."allocation_order" in ('loans_first', 'savings_first'))
);
--> statement-breakpoint
CREATE TABLE "payroll_layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"format" text NOT NULL,
	"date_format" text NOT NULL,
	"number_format" text NOT NULL,
	"columns" jsonb NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_layouts_shape_check" CHECK ("payroll_layouts"."shape" in ('wide', 'long')),
	CONSTRAINT "payroll_layouts_format_check" CHECK ("payroll_layouts"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
CREATE TABLE "payroll_overdeductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remittance_id" uuid NOT NULL,
	"user_id" text,
	"ref" text NOT NULL,
	"name" text,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"product_id" uuid,
	"reason" text,
	"decided_by_id" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_overdeductions_amount_check" CHECK ("payroll_overdeductions"."amount_kobo" > 0 and "payroll_overdeductions"."amount_kobo" <= 100000000000000),
	CONSTRAINT "payroll_overdeductions_status_check" CHECK ("payroll_overdeductions"."status" in ('held', 'refunded', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "payroll_remittance_lines" (
	"remittance_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"user_id" text,
	"ref" text NOT NULL,
	"name" text,
	"outcome" text NOT NULL,
	"advised_kobo" bigint NOT NULL,
	"remitted_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"over_kobo" bigint NOT NULL,
	"deductions" jsonb NOT NULL,
	CONSTRAINT "payroll_remittance_lines_remittance_id_line_no_pk" PRIMARY KEY("remittance_id","line_no"),
	CONSTRAINT "payroll_remittance_lines_outcome_check" CHECK ("payroll_remittance_lines"."outcome" in ('full', 'short', 'over', 'not_on_payroll', 'unexpected'))
);
--> statement-breakpoint
CREATE TABLE "payroll_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advice_id" uuid NOT NULL,
	"batch_id" uuid,
	"source" text NOT NULL,
	"file_name" text,
	"file_hash" text,
	"bank_amount_kobo" bigint NOT NULL,
	"remitted_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"short_kobo" bigint NOT NULL,
	"over_kobo" bigint NOT NULL,
	"counts" jsonb NOT NULL,
	"posted_by_id" text NOT NULL,
	"posted_by_name" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_remittances_source_check" CHECK ("payroll_remittances"."source" in ('file', 'keyed'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "contribution_arrears" ADD CONSTRAINT "contribution_arrears_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_arrears" ADD CONSTRAINT "contribution_arrears_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_arrears" ADD CONSTRAINT "contribution_arrears_remittance_id_payroll_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."payroll_remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_advice_lines" ADD CONSTRAINT "payroll_advice_lines_advice_id_payroll_advices_id_fk" FOREIGN KEY ("advice_id") REFERENCES "public"."payroll_advices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_advice_lines" ADD CONSTRAINT "payroll_advice_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_overdeductions" ADD CONSTRAINT "payroll_overdeductions_remittance_id_payroll_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."payroll_remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_overdeductions" ADD CONSTRAINT "payroll_overdeductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_overdeductions" ADD CONSTRAINT "payroll_overdeductions_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittance_lines" ADD CONSTRAINT "payroll_remittance_lines_remittance_id_payroll_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."payroll_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittance_lines" ADD CONSTRAINT "payroll_remittance_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittances" ADD CONSTRAINT "payroll_remittances_advice_id_payroll_advices_id_fk" FOREIGN KEY ("advice_id") REFERENCES "public"."payroll_advices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_remittances" ADD CONSTRAINT "payroll_remittances_batch_id_savings_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."savings_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_arrears_owed_idx" ON "contribution_arrears" USING btree ("user_id","product_id","month") WHERE "contribution_arrears"."outstanding_kobo" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_advices_month_key" ON "payroll_advices" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_layouts_name_key" ON "payroll_layouts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "payroll_overdeductions_status_idx" ON "payroll_overdeductions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payroll_remittance_lines_user_idx" ON "payroll_remittance_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_remittances_advice_key" ON "payroll_remittances" USING btree ("advice_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK ("journal_entries"."source_type" in ('savings', 'savings_batch', 'loan', 'expense', 'manual', 'opening', 'write_off', 'payroll'));--> statement-breakpoint
-- Issue 30 (docs/decisions/047-payroll-loop.md). Hand-written below this line.
-- ============================================================================================
-- What payroll remitted beyond the advice is the scheme's liability until an officer refunds it
-- or applies it to a member's product. Its code is the first free one from 2150 (a product's new
-- control accounts take 2200 onwards, so a scheme that made products may hold those).
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key)
SELECT 'scheme', n::text, 'Over-deductions held', 'liability', NULL, 'scheme.payroll_overdeductions'
FROM generate_series(2150, 2199) AS n
WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.book = 'scheme' AND a.code = n::text)
  AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.system_key = 'scheme.payroll_overdeductions')
ORDER BY n LIMIT 1;
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT 'payroll.overdeductions', a.id FROM ledger_accounts a WHERE a.system_key = 'scheme.payroll_overdeductions'
ON CONFLICT (key) DO NOTHING;
