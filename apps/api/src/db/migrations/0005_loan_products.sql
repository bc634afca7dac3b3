CREATE TABLE "loan_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"max_months" integer NOT NULL,
	"savings_multiple" integer NOT NULL,
	"max_amount_kobo" bigint NOT NULL,
	"guarantors_required" integer NOT NULL,
	"fee_kind" text,
	"fee_value" bigint,
	"overpayment" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_method_check" CHECK ("loan_products"."method" in ('flat', 'reducing')),
	CONSTRAINT "loan_products_rate_check" CHECK ("loan_products"."annual_rate_bp" between 0 and 10000),
	CONSTRAINT "loan_products_months_check" CHECK ("loan_products"."max_months" between 1 and 120),
	CONSTRAINT "loan_products_multiple_check" CHECK ("loan_products"."savings_multiple" between 1 and 1000),
	CONSTRAINT "loan_products_max_amount_check" CHECK ("loan_products"."max_amount_kobo" between 1 and 100000000000000),
	CONSTRAINT "loan_products_guarantors_check" CHECK ("loan_products"."guarantors_required" between 0 and 3),
	CONSTRAINT "loan_products_fee_check" CHECK (("loan_products"."fee_kind" is null and "loan_products"."fee_value" is null) or ("loan_products"."fee_kind" = 'percent' and "loan_products"."fee_value" between 1 and 10000) or ("loan_products"."fee_kind" = 'fixed' and "loan_products"."fee_value" between 1 and 100000000000000)),
	CONSTRAINT "loan_products_overpayment_check" CHECK ("loan_products"."overpayment" in ('reduce_term', 'refuse'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_name_lower_key" ON "loan_products" USING btree (lower("name"));