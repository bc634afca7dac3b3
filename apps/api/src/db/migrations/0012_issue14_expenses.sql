-- Search (issue 14) matches substrings through trigram indexes; PGlite loads pg_trgm as well (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "category_budgets" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_budgets_period_check" CHECK ("category_budgets"."period" in ('month', 'year')),
	CONSTRAINT "category_budgets_amount_check" CHECK ("category_budgets"."amount_kobo" between 1 and 100000000000000)
);
--> statement-breakpoint
CREATE TABLE "expense_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imported_by" text,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expense_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expense_id" uuid,
	"uploaded_by" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_receipts_file_name_check" CHECK (length("expense_receipts"."file_name") between 1 and 255),
	CONSTRAINT "expense_receipts_content_type_check" CHECK ("expense_receipts"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "expense_receipts_size_check" CHECK ("expense_receipts"."size_bytes" between 1 and 10485760)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "category_budgets" ADD CONSTRAINT "category_budgets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_budgets" ADD CONSTRAINT "category_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_imports" ADD CONSTRAINT "expense_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_receipts_expense_idx" ON "expense_receipts" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_receipts_unclaimed_idx" ON "expense_receipts" USING btree ("uploaded_by","created_at") WHERE "expense_receipts"."expense_id" is null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_import_id_expense_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."expense_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_import_idx" ON "expenses" USING btree ("import_id") WHERE "expenses"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_description_trgm_idx" ON "expenses" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_user_email_trgm_idx" ON "expenses" USING gin ("user_email" gin_trgm_ops);