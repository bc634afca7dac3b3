ALTER TABLE "savings_requests" DROP CONSTRAINT "savings_requests_origin_check";--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "security_product_ids" uuid[];--> statement-breakpoint
ALTER TABLE "savings_requests" ADD CONSTRAINT "savings_requests_origin_check" CHECK ("savings_requests"."origin" in ('two_person', 'member', 'shares'));