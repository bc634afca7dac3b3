-- Issue 27, "Speed": what a deposit costs (docs/decisions/042-one-ledger.md, "What a deposit costs").
-- Only the savings posting rule's trigger changes; the entries, lines and notices it writes are the
-- same.
--
-- One trigger on savings_transactions instead of two: the ledger notices (0010) are written by the
-- journal's trigger, so a posting statement fires one statement trigger, not two, each with its own
-- transition table scan and plpgsql call.
DROP TRIGGER savings_transactions_notice ON savings_transactions;
--> statement-breakpoint
DROP FUNCTION note_savings_postings();
--> statement-breakpoint
-- A statement that posted one plain deposit or withdrawal (no transfer, no reversal: every
-- posting through the API, the bench's hot path) has its entry written straight from the row it
-- inserted, with its notice, in one statement: journal_savings re-read the row by id, grouped,
-- sorted and numbered a set of one. Every other statement (a transfer's two rows, a reversal, a
-- batch's thousands, the legacy import) goes through journal_savings as before. The entry is the
-- one journal_savings writes for that row: the member's line first, then the counter account's.
CREATE OR REPLACE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE r record;
BEGIN
  SELECT n.id, n.account_id, n.type, n.amount_kobo, n.value_date, n.created_by_id, n.created_at, n.batch_id,
         n.transfer_id IS NULL AND n.reverses_id IS NULL AS plain, count(*) OVER () AS rows_posted
  INTO r FROM new_rows n LIMIT 1;
  IF r.rows_posted = 1 AND r.plain THEN
    WITH notice AS (
      INSERT INTO ledger_notices (ledger, entry_id) VALUES ('savings', r.id)
    ),
    entry AS (
      INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id, created_at)
      SELECT 'scheme', r.value_date, 'savings', r.id, initcap(r.type) || ' · ' || a.holder_name, r.created_by_id, r.created_at
      FROM savings_accounts a WHERE a.id = r.account_id
      RETURNING id
    ),
    member_kobo AS (
      SELECT CASE WHEN r.type = 'deposit' THEN -r.amount_kobo ELSE r.amount_kobo END AS kobo
    )
    INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    SELECT entry.id, 1, c.id, r.account_id, member_kobo.kobo, r.value_date
    FROM entry, member_kobo, ledger_accounts c WHERE c.subledger = 'member_savings'
    UNION ALL
    SELECT entry.id, 2, m.account_id, NULL, -member_kobo.kobo, r.value_date
    FROM entry, member_kobo, ledger_mappings m
    WHERE m.key = coalesce(nullif(current_setting('kobo.savings_counter_key', true), ''),
                           CASE WHEN r.batch_id IS NOT NULL THEN 'savings.payroll' ELSE 'savings.cash' END);
  ELSIF r.rows_posted IS NOT NULL THEN
    PERFORM journal_savings(ARRAY(SELECT id FROM new_rows));
    INSERT INTO ledger_notices (ledger, entry_id) SELECT 'savings', id FROM new_rows ORDER BY seq;
  END IF;
  RETURN NULL;
END;
$$;
