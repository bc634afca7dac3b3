-- A loan repayment paid off by an exit's settlement or by a guarantor recovery is told to the
-- member in that act's own mail, not as a bare receipt: those callers set kobo.quiet_postings for
-- the statement that writes the repayments (as 0032 lets the year end's run), so no notice is
-- written only to be deleted again. 0010's trigger, unchanged but for that.
CREATE OR REPLACE FUNCTION note_loan_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kobo.quiet_postings', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO ledger_notices (ledger, entry_id) SELECT 'loan', id FROM new_rows ORDER BY seq;
  END IF;
  RETURN NULL;
END;
$$;
