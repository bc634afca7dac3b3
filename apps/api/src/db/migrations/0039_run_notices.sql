ALTER TABLE "ledger_notices" DROP CONSTRAINT "ledger_notices_ledger_check";--> statement-breakpoint
ALTER TABLE "ledger_notices" ADD COLUMN "from_seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_notices" ADD COLUMN "to_seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_notices" ADD CONSTRAINT "ledger_notices_range_check" CHECK (("ledger_notices"."ledger" in ('savings_batch', 'loan_batch')) = ("ledger_notices"."from_seq" is not null and "ledger_notices"."to_seq" is not null));--> statement-breakpoint
ALTER TABLE "ledger_notices" ADD CONSTRAINT "ledger_notices_ledger_check" CHECK ("ledger_notices"."ledger" in ('savings', 'loan', 'savings_batch', 'loan_batch'));
--> statement-breakpoint
-- ============================================================================================
-- A run's notices (issue 15's receipts) written by the notifier, not by the run (issues 29, 30;
-- docs/decisions/070's addendum). Hand-written below the generated lines above. A monthly run's
-- statement wrote one notice per row, 30,000 savings and 10,000 loan rows, inside the run's own
-- transaction; it now writes one notice for its rows (the batch and the rows' seq range), and the
-- notifier, in its own transaction, replaces it by the rows' notices before it mails them. Every
-- other statement (a deposit, a transfer, a reversal, an exit, a recovery) is unchanged.
-- ============================================================================================
CREATE OR REPLACE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE r record; refused record;
BEGIN
  SELECT n.id, n.account_id, n.type, n.amount_kobo, n.value_date, n.created_by_id, n.created_at, n.batch_id,
         n.counterparty_account_id, n.reverses_id,
         n.transfer_id IS NULL AND n.reverses_id IS NULL AND n.batch_id IS NULL AND n.type IN ('deposit', 'withdrawal') AS plain, count(*) OVER () AS rows_posted
  INTO r FROM new_rows n LIMIT 1;
  IF r.rows_posted IS NULL THEN
    RETURN NULL;
  END IF;
  -- 0038: the account, counterparty, reversed posting and batch each row names exist (they were
  -- foreign keys, checked row by row: a third of a run's savings statement), and issue 32: a posting
  -- to a closed account (its holder's exit settled) is refused, whoever writes it. One row: by
  -- primary key. More: planned for their number (EXECUTE), the accounts by one join; a reversed
  -- posting or a counterparty by its key, row by row (LATERAL with LIMIT: never a hash of the
  -- whole ledger), and only where the row names one.
  IF r.rows_posted = 1 THEN
    SELECT a.id IS NULL AS missing, a.closed_at IS NOT NULL AS closed,
           (r.counterparty_account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM savings_accounts c WHERE c.id = r.counterparty_account_id))
           OR (r.reverses_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM savings_transactions o WHERE o.id = r.reverses_id))
           OR (r.batch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM savings_batches b WHERE b.id = r.batch_id)) AS dangling
    INTO refused
    FROM (SELECT r.account_id AS id) n LEFT JOIN savings_accounts a ON a.id = n.id;
  ELSE
    EXECUTE $q$
    SELECT bool_or(a.id IS NULL) AS missing, bool_or(a.closed_at IS NOT NULL) AS closed,
           EXISTS (SELECT 1 FROM new_rows n
                   LEFT JOIN LATERAL (SELECT 1 AS found FROM savings_accounts c WHERE c.id = n.counterparty_account_id LIMIT 1) c ON true
                   WHERE n.counterparty_account_id IS NOT NULL AND c.found IS NULL)
           OR EXISTS (SELECT 1 FROM new_rows n
                      LEFT JOIN LATERAL (SELECT 1 AS found FROM savings_transactions o WHERE o.id = n.reverses_id LIMIT 1) o ON true
                      WHERE n.reverses_id IS NOT NULL AND o.found IS NULL)
           OR EXISTS (SELECT 1 FROM (SELECT DISTINCT batch_id FROM new_rows WHERE batch_id IS NOT NULL) n
                      WHERE NOT EXISTS (SELECT 1 FROM savings_batches b WHERE b.id = n.batch_id)) AS dangling
    FROM new_rows n LEFT JOIN savings_accounts a ON a.id = n.account_id
    $q$ INTO refused;
  END IF;
  IF refused.missing OR refused.dangling THEN
    RAISE EXCEPTION 'a savings posting names an account, a posting or a batch that does not exist' USING ERRCODE = 'foreign_key_violation';
  ELSIF refused.closed THEN
    RAISE EXCEPTION 'savings account closed' USING ERRCODE = 'KB410';
  END IF;
  -- Issue 32: an exit's settlement (and its reversal) writes its rows and then ONE entry of its own
  -- for all of them, savings and loans together (modules/exits/settle-exit.ts); the rows carry no
  -- entry and no notice of their own.
  IF current_setting('kobo.journal_by_caller', true) = 'exit' THEN
    RETURN NULL;
  END IF;
  IF r.rows_posted = 1 AND r.plain THEN
    WITH notice AS (
      INSERT INTO ledger_notices (ledger, entry_id) VALUES ('savings', r.id)
    ),
    account AS (
      SELECT a.holder_name || CASE WHEN p.kind = 'ordinary' THEN '' ELSE ' · ' || p.name END AS holder_name, p.control_account_id
      FROM savings_accounts a JOIN savings_products p ON p.id = a.product_id WHERE a.id = r.account_id
    ),
    entry AS (
      INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id, created_at)
      SELECT 'scheme', r.value_date, 'savings', r.id, initcap(r.type) || ' · ' || account.holder_name, r.created_by_id, r.created_at
      FROM account
      RETURNING id
    ),
    member_kobo AS (
      SELECT CASE WHEN r.type = 'deposit' THEN -r.amount_kobo ELSE r.amount_kobo END AS kobo
    )
    INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    SELECT entry.id, 1, account.control_account_id, r.account_id, member_kobo.kobo, r.value_date
    FROM entry, member_kobo, account
    UNION ALL
    SELECT entry.id, 2, m.account_id, NULL, -member_kobo.kobo, r.value_date
    FROM entry, member_kobo, ledger_mappings m
    WHERE m.key = coalesce(nullif(current_setting('kobo.savings_counter_key', true), ''),
                           CASE WHEN r.batch_id IS NOT NULL THEN 'savings.payroll' ELSE 'savings.cash' END);
  ELSE
    -- Every other statement: planned for its own rows (EXECUTE: a batch's 30,000 rows join by
    -- hash, not by a generic plan's nested loops), read from the transition table, not by id.
    EXECUTE $q$
    WITH mapped AS (
      SELECT (SELECT account_id FROM ledger_mappings WHERE key = 'savings.payroll') AS payroll,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.cash') AS cash,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.penalty_income') AS penalty,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.interest_expense') AS interest,
             (SELECT account_id FROM ledger_mappings WHERE key = nullif(current_setting('kobo.savings_counter_key', true), '')) AS override,
             current_setting('kobo.savings_counter_key', true) = 'yearend.appropriation' AS is_year_end,
             (SELECT account_id FROM ledger_mappings WHERE key = 'yearend.appropriation') AS appropriation
    ),
    legs AS (
      SELECT t.seq, t.account_id, t.type, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
             -- A batch's rows are one entry, and so is a batch's reversal; one posting of a batch reversed
             -- on its own is an entry of its own.
             coalesce(t.transfer_id, t.batch_id, CASE WHEN count(*) OVER () > 1 THEN o.batch_id END, t.id) AS group_id,
             coalesce(t.batch_id, CASE WHEN count(*) OVER () > 1 THEN o.batch_id END) AS batch_id, t.id,
             CASE WHEN t.type IN ('deposit', 'transfer_in', 'interest') THEN -t.amount_kobo ELSE t.amount_kobo END AS member_kobo,
             p.control_account_id,
             CASE coalesce(o.type, t.type)
               WHEN 'penalty' THEN coalesce(p.penalty_account_id, m.penalty)
               -- A year-end run's dividends and interest come out of the surplus, not this year's expense (0024).
               -- A reversal of one goes back there too, whoever reverses it (0035).
               WHEN 'interest' THEN CASE WHEN m.is_year_end OR o.batch_kind = 'year_end' THEN m.appropriation ELSE m.interest END
               ELSE coalesce(m.override, CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN m.payroll ELSE m.cash END)
             END AS counter_account_id,
             a.holder_name || CASE WHEN p.kind = 'ordinary' THEN '' ELSE ' · ' || p.name END AS holder_name,
             coalesce(o.transfer_id, o.batch_id, o.id) AS original_group, coalesce(o.transfer_id, o.id) AS original_posting
      FROM new_rows t
      CROSS JOIN mapped m
      JOIN savings_accounts a ON a.id = t.account_id
      JOIN savings_products p ON p.id = a.product_id
      -- Each reversal's original by its primary key, row by row (LATERAL): a plain join let the
      -- planner hash the whole savings ledger for a batch's 30,000 rows that reverse nothing (LIMIT 1
      -- keeps the subquery from being pulled up into that join).
      LEFT JOIN LATERAL (SELECT o.type, o.batch_id, o.transfer_id, o.id, (SELECT b.kind FROM savings_batches b WHERE b.id = o.batch_id) AS batch_kind
                         FROM savings_transactions o WHERE o.id = t.reverses_id LIMIT 1) o ON true
    ),
    groups AS (
      SELECT group_id, gen_random_uuid() AS entry_id, min(seq) AS seq, min(value_date) AS value_date, min(created_by_id) AS created_by_id,
             min(created_at) AS created_at, bool_or(reverses_id IS NOT NULL) AS is_reversal, min(reason) AS reason,
             min(original_group::text)::uuid AS original_group, min(original_posting::text)::uuid AS original_posting,
             CASE WHEN min(batch_id::text) IS NOT NULL THEN (SELECT CASE b.kind WHEN 'year_end' THEN 'Year end · ' ELSE 'Payroll batch · ' END || b.description FROM savings_batches b WHERE b.id = min(batch_id::text)::uuid)
                  -- 0039: a transfer's two names; never a run's 30,000 (sorted only to be thrown away).
                  WHEN count(*) > 1 THEN 'Transfer · ' || string_agg(holder_name, ' → ' ORDER BY member_kobo DESC) FILTER (WHERE batch_id IS NULL)
                  ELSE initcap(min(type)) || ' · ' || min(holder_name) END AS what,
             max(seq) AS last_seq, min(batch_id::text) IS NOT NULL AS is_batch
      FROM legs GROUP BY group_id
    ),
    entries AS (
      INSERT INTO journal_entries (id, book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
      SELECT g.entry_id, 'scheme', g.value_date, CASE WHEN g.is_batch THEN 'savings_batch' ELSE 'savings' END, g.group_id,
             CASE WHEN g.original_group IS NOT NULL THEN
               -- the batch's one entry, or (a batch posted before 0021) its posting's own
               (SELECT e.id FROM journal_entries e
                JOIN journal_lines f ON f.entry_id = e.id AND f.line_no = 1 AND f.subledger_id IS NOT NULL
                JOIN ledger_accounts fa ON fa.id = f.account_id AND fa.subledger = 'member_savings'
                WHERE e.source_type IN ('savings', 'savings_batch') AND e.source_id IN (g.original_group, g.original_posting)
                ORDER BY e.seq LIMIT 1) END,
             CASE WHEN g.is_reversal THEN 'Reversal · ' || g.what || ' · ' || g.reason ELSE g.what END,
             g.created_by_id, g.created_at
      FROM groups g ORDER BY g.value_date, g.seq
    ),
    lines AS (
      SELECT l.group_id, l.seq, 0 AS side, l.control_account_id AS account_id, l.account_id AS subledger_id, l.member_kobo AS amount, l.value_date
      FROM legs l
      UNION ALL
      -- A single posting's counter line follows its member line; a payroll batch's counter lines
      -- (money in, money out, per counter account) follow all its members' lines.
      SELECT l.group_id, l.seq, 1, l.counter_account_id, NULL, -l.member_kobo, l.value_date
      FROM legs l
      WHERE l.type NOT IN ('transfer_in', 'transfer_out') AND l.batch_id IS NULL
      UNION ALL
      SELECT l.group_id, max(g.last_seq), 1 + (sum(l.member_kobo) > 0)::int, l.counter_account_id, NULL, -sum(l.member_kobo), min(l.value_date)
      FROM legs l JOIN groups g ON g.group_id = l.group_id
      WHERE l.batch_id IS NOT NULL
      GROUP BY l.group_id, l.counter_account_id, l.member_kobo > 0
    )
    INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    SELECT g.entry_id, row_number() OVER (PARTITION BY g.entry_id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, g.value_date
    FROM lines l JOIN groups g ON g.group_id = l.group_id
    $q$;
    -- 0032: a statement marked quiet writes no notices: a year-end run's members hear of their
    -- dividend and interest in the run's own mail, not as a bare receipt per row.
    IF current_setting('kobo.quiet_postings', true) IS NOT DISTINCT FROM 'on' THEN
      NULL;
    -- 0039: a run's rows (every row of the statement naming its one batch) are one notice of the
    -- run, which the notifier turns into the rows' notices in a transaction of its own.
    ELSIF r.batch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.batch_id IS DISTINCT FROM r.batch_id) THEN
      INSERT INTO ledger_notices (ledger, entry_id, from_seq, to_seq) SELECT 'savings_batch', r.batch_id, min(seq), max(seq) FROM new_rows;
    ELSE
      INSERT INTO ledger_notices (ledger, entry_id) SELECT 'savings', id FROM new_rows ORDER BY seq;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION note_loan_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE run uuid;
BEGIN
  IF current_setting('kobo.quiet_postings', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  SELECT min(batch_id::text)::uuid INTO run FROM new_rows;
  -- 0039: a run's repayments (every row naming its one batch) are one notice of the run.
  IF run IS NOT NULL AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.batch_id IS DISTINCT FROM run) THEN
    INSERT INTO ledger_notices (ledger, entry_id, from_seq, to_seq) SELECT 'loan_batch', run, min(seq), max(seq) FROM new_rows;
  ELSE
    INSERT INTO ledger_notices (ledger, entry_id) SELECT 'loan', id FROM new_rows ORDER BY seq;
  END IF;
  RETURN NULL;
END;
$$;
