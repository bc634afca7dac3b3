-- The savings ledger is append-only (DECISIONS 9): a mistake is corrected by a new transaction.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'savings_transactions rows cannot be changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_append_only
  BEFORE UPDATE OR DELETE ON savings_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER savings_transactions_no_truncate
  BEFORE TRUNCATE ON savings_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
INSERT INTO counters (name, last_value) VALUES ('staff_id', 0);
