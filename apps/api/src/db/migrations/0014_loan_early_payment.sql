ALTER TABLE "loan_products" ADD COLUMN "early_payment" text DEFAULT 'pay_ahead' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "early_payment" text DEFAULT 'pay_ahead' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_early_payment_check" CHECK ("loan_products"."early_payment" in ('pay_ahead', 'reduce_term', 'reduce_instalment'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_early_payment_check" CHECK ("loans"."early_payment" in ('pay_ahead', 'reduce_term', 'reduce_instalment'));