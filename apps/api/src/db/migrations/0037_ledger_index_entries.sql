-- Fewer index entries per posting (issues 27, 29, 30; decision 063's addendum): nothing reads a
-- savings statement by creation time, and a posting outside a batch (a deposit, a repayment at the
-- desk) need not be indexed under a batch it does not have; `batch_id = $1` reads the partial index.
DROP INDEX "savings_transactions_account_created_idx";--> statement-breakpoint
DROP INDEX "loan_transactions_batch_idx";--> statement-breakpoint
DROP INDEX "savings_transactions_batch_idx";--> statement-breakpoint
CREATE INDEX "loan_transactions_batch_idx" ON "loan_transactions" USING btree ("batch_id") WHERE "loan_transactions"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "savings_transactions_batch_idx" ON "savings_transactions" USING btree ("batch_id") WHERE "savings_transactions"."batch_id" is not null;