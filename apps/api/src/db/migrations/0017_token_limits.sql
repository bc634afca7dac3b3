ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_scope_check";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "ip_ranges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scope_check" CHECK ("api_tokens"."scope" in ('read', 'record_expenses', 'savings_batches', 'read_books'));