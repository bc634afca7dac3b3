CREATE TABLE "expense_day_totals" (
	"category_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"expense_count" integer NOT NULL,
	CONSTRAINT "expense_day_totals_category_id_day_slot_pk" PRIMARY KEY("category_id","day","slot")
);
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
CREATE INDEX "expense_day_totals_day_idx" ON "expense_day_totals" USING btree ("day");--> statement-breakpoint
-- ============================================================================================
-- The books at speed (issue 27's benchmarks; docs/decisions/042-one-ledger.md). Hand-written below this line.
-- ============================================================================================
-- The lines lost their two foreign keys above: checked row by row, they were most of a payroll
-- run's journal (40,000 index probes for 10,000 rows). This statement trigger already joined every
-- line to its entry and account; it now also refuses a line whose entry or account does not exist.
-- An account with postings still cannot be deleted: its day balances name it (ON DELETE RESTRICT),
-- and entries are append-only.
CREATE OR REPLACE FUNCTION journal_lines_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad uuid; missing boolean;
BEGIN
  SELECT entry_id INTO bad FROM new_lines GROUP BY entry_id HAVING sum(amount_kobo) <> 0 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
  END IF;
  -- One pass over the statement's lines for every other rule.
  SELECT n.entry_id, e.id IS NULL OR a.id IS NULL INTO bad, missing
  FROM new_lines n LEFT JOIN journal_entries e ON e.id = n.entry_id LEFT JOIN ledger_accounts a ON a.id = n.account_id
  WHERE e.id IS NULL OR a.id IS NULL
     OR a.book <> e.book OR (a.subledger IS NULL) <> (n.subledger_id IS NULL) OR n.value_date <> e.value_date
  ORDER BY 2 DESC
  LIMIT 1;
  IF missing THEN
    RAISE EXCEPTION 'journal entry % has a line for an entry or an account that does not exist', bad USING ERRCODE = 'foreign_key_violation';
  ELSIF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % has a line in the wrong book, sub-ledger or day', bad USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO ledger_day_balances AS b (account_id, day, slot, net_kobo)
  SELECT account_id, value_date, (txid_current() % 8)::int, sum(amount_kobo)
  FROM new_lines GROUP BY account_id, value_date ORDER BY account_id, value_date
  ON CONFLICT (account_id, day, slot) DO UPDATE SET net_kobo = b.net_kobo + excluded.net_kobo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Where an expense paid with a method posts its credit: the method's own account, else the default.
CREATE FUNCTION expense_payment_account(p_method text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT account_id FROM ledger_mappings WHERE key = 'payment:' || lower(btrim(p_method))),
                  (SELECT account_id FROM ledger_mappings WHERE key = 'payment:default'))
$$;
--> statement-breakpoint
-- What each of these expenses asks of the books: its amount on its item's expense account against
-- its payment account, on its day. An expense of ₦0 asks nothing.
CREATE FUNCTION expense_postings(ids uuid[])
RETURNS TABLE (id uuid, amount_kobo bigint, spent_on date, user_id text, created_at timestamptz, expense_account uuid, payment_account uuid, what text)
LANGUAGE sql STABLE AS $$
  SELECT x.id, x.amount_kobo, x.spent_on, x.user_id, x.created_at, c.ledger_account_id, expense_payment_account(x.payment_method),
         c.name || coalesce(': ' || nullif(btrim(coalesce(x.title, x.description, '')), ''), '')
  FROM expenses x JOIN categories c ON c.id = x.category_id
  WHERE x.id = ANY(ids) AND x.amount_kobo > 0
$$;
--> statement-breakpoint
-- journal_expenses as 0015 wrote it, reading both of its targets from expense_postings.
CREATE OR REPLACE FUNCTION journal_expenses(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record; standing_ids uuid[];
BEGIN
  -- Only expenses that already have entries can need a reversal; a new one (an import brings
  -- thousands) gets its entry below and stands as posted, so the row-by-row loop never sees it.
  standing_ids := ARRAY(SELECT DISTINCT source_id FROM journal_entries WHERE source_type = 'expense' AND source_id = ANY(ids));
  -- New expenses: one entry each, set-based.
  WITH target AS (
    SELECT p.* FROM expense_postings(ids) p
    WHERE p.expense_account <> p.payment_account
      AND NOT EXISTS (SELECT 1 FROM journal_entries je WHERE je.source_type = 'expense' AND je.source_id = p.id)
  ),
  entries AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id, created_at)
    SELECT 'organisation', t.spent_on, 'expense', t.id, 'Expense · ' || t.what, t.user_id, t.created_at
    FROM target t ORDER BY t.spent_on, t.created_at, t.id
    RETURNING id, source_id
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, l.line_no, l.account_id, NULL, l.amount, t.spent_on
  FROM entries e JOIN target t ON t.id = e.source_id
  CROSS JOIN LATERAL (VALUES (1, t.expense_account, t.amount_kobo), (2, t.payment_account, -t.amount_kobo)) AS l(line_no, account_id, amount);

  -- Edited and deleted expenses: what stood is reversed and, when the row still asks, posted anew.
  FOR r IN
    WITH standing AS (
      SELECT e.source_id AS id, jsonb_object_agg(s.account_id, s.net) AS nets, last.value_date, last.id AS entry_id
      FROM unnest(standing_ids) AS e(source_id)
      CROSS JOIN LATERAL (
        SELECT l.account_id, sum(l.amount_kobo) AS net
        FROM journal_entries je JOIN journal_lines l ON l.entry_id = je.id
        WHERE je.source_type = 'expense' AND je.source_id = e.source_id
        GROUP BY l.account_id HAVING sum(l.amount_kobo) <> 0
      ) s
      CROSS JOIN LATERAL (
        SELECT e2.id, e2.value_date FROM journal_entries e2
        WHERE e2.source_type = 'expense' AND e2.source_id = e.source_id AND e2.reverses_entry_id IS NULL
        ORDER BY e2.seq DESC LIMIT 1
      ) last
      GROUP BY e.source_id, last.value_date, last.id
    )
    SELECT coalesce(t.id, s.id) AS id, t.amount_kobo, t.spent_on, t.user_id, t.expense_account, t.payment_account, t.what,
           s.nets, s.value_date AS standing_date, s.entry_id AS standing_entry,
           CASE WHEN t.id IS NULL THEN NULL
                WHEN t.expense_account = t.payment_account THEN '{}'::jsonb
                ELSE jsonb_build_object(t.expense_account, t.amount_kobo, t.payment_account, -t.amount_kobo) END AS wanted
    FROM standing s LEFT JOIN expense_postings(standing_ids) t ON t.id = s.id
  LOOP
    IF r.nets IS NOT NULL AND r.wanted IS NOT NULL AND r.nets = r.wanted AND r.standing_date = r.spent_on THEN
      CONTINUE;
    END IF;
    IF r.nets IS NOT NULL AND r.nets <> '{}'::jsonb THEN
      WITH e AS (
        INSERT INTO journal_entries (book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id)
        VALUES ('organisation', ledger_open_day('organisation', r.standing_date), 'expense', r.id, r.standing_entry,
                CASE WHEN r.amount_kobo IS NULL THEN 'Reversal · expense deleted' ELSE 'Reversal · expense edited' END, r.user_id)
        RETURNING id, value_date
      )
      INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
      SELECT e.id, row_number() OVER (ORDER BY n.value::bigint), n.key::uuid, NULL, -n.value::bigint, e.value_date
      FROM e CROSS JOIN jsonb_each_text(r.nets) AS n;
    END IF;
    IF r.wanted IS NOT NULL AND r.wanted <> '{}'::jsonb THEN
      WITH e AS (
        INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
        VALUES ('organisation', r.spent_on, 'expense', r.id, 'Expense · ' || r.what, r.user_id)
        RETURNING id, value_date
      )
      INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
      VALUES ((SELECT id FROM e), 1, r.expense_account, NULL, r.amount_kobo, r.spent_on),
             ((SELECT id FROM e), 2, r.payment_account, NULL, -r.amount_kobo, r.spent_on);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The expense totals per item and day (expense_day_totals), moved by each statement on expenses:
-- what it added counts +1, what it took away −1; an edit that changes neither item, day nor
-- amount nets to nothing and writes nothing. Cells are taken in (item, day) order, so two
-- statements never wait on each other's cells in opposite orders.
CREATE TYPE expense_day_delta AS (category_id uuid, day date, amount_kobo bigint, expense_count integer);
--> statement-breakpoint
CREATE FUNCTION expense_totals_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas expense_day_delta[] := '{}';
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := ARRAY(SELECT ROW(category_id, spent_on, amount_kobo, 1)::expense_day_delta FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || ARRAY(SELECT ROW(category_id, spent_on, -amount_kobo, -1)::expense_day_delta FROM old_rows);
  END IF;
  INSERT INTO expense_day_totals AS t (category_id, day, slot, amount_kobo, expense_count)
  SELECT d.category_id, d.day, (txid_current() % 4)::int, sum(d.amount_kobo), sum(d.expense_count)
  FROM unnest(deltas) AS d
  GROUP BY d.category_id, d.day
  HAVING sum(d.amount_kobo) <> 0 OR sum(d.expense_count) <> 0
  ORDER BY d.category_id, d.day
  ON CONFLICT (category_id, day, slot) DO UPDATE
    SET amount_kobo = t.amount_kobo + excluded.amount_kobo, expense_count = t.expense_count + excluded.expense_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER expenses_totals_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_moved();
--> statement-breakpoint
CREATE TRIGGER expenses_totals_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_moved();
--> statement-breakpoint
CREATE TRIGGER expenses_totals_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_totals_moved();
--> statement-breakpoint
INSERT INTO expense_day_totals (category_id, day, slot, amount_kobo, expense_count)
SELECT category_id, spent_on, 0, sum(amount_kobo), count(*) FROM expenses GROUP BY category_id, spent_on;
--> statement-breakpoint
-- The ledger check as 0015 wrote it, with the expenses' payment account from its one home and a
-- seventh invariant: the expense totals equal the expenses, item by item and day by day.
CREATE OR REPLACE FUNCTION ledger_problems() RETURNS TABLE (problem text, subject text, expected_kobo bigint, found_kobo bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'entry does not balance', l.entry_id::text, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l GROUP BY l.entry_id HAVING sum(l.amount_kobo) <> 0
  UNION ALL
  SELECT 'trial balance does not balance', e.book, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY e.book HAVING sum(l.amount_kobo) <> 0
  UNION ALL
  SELECT 'line without its entry or account', l.entry_id::text || ' ' || l.line_no, 0::bigint, l.amount_kobo
  FROM journal_lines l
  WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = l.entry_id)
     OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = l.account_id)
  UNION ALL
  SELECT 'day balances differ from the lines', coalesce(d.account_id, l.account_id)::text, coalesce(l.total, 0)::bigint, coalesce(d.total, 0)::bigint
  FROM (SELECT account_id, sum(net_kobo) AS total FROM ledger_day_balances GROUP BY account_id) d
  FULL JOIN (SELECT account_id, sum(amount_kobo) AS total FROM journal_lines GROUP BY account_id) l ON l.account_id = d.account_id
  WHERE coalesce(d.total, 0) <> coalesce(l.total, 0)
  UNION ALL
  SELECT 'member''s savings differ from the books', s.id::text, s.balance_kobo, coalesce(-j.total, 0)::bigint
  FROM savings_accounts s
  LEFT JOIN (
    SELECT l.subledger_id, sum(l.amount_kobo) AS total FROM journal_lines l
    WHERE l.account_id = (SELECT id FROM ledger_accounts WHERE subledger = 'member_savings') GROUP BY l.subledger_id
  ) j ON j.subledger_id = s.id
  WHERE s.balance_kobo <> coalesce(-j.total, 0)
  UNION ALL
  SELECT 'loan differs from the books', ln.id::text, ln.expected::bigint, coalesce(j.total, 0)::bigint
  FROM (
    SELECT l.id, CASE WHEN l.status = 'written_off' THEN 0
                      ELSE l.fee_outstanding_kobo + coalesce((SELECT sum(i.principal_kobo - i.principal_paid_kobo) FROM loan_instalments i WHERE i.loan_id = l.id), 0) END AS expected
    FROM loans l
  ) ln
  LEFT JOIN (
    SELECT l.subledger_id, sum(l.amount_kobo) AS total FROM journal_lines l
    WHERE l.account_id = (SELECT id FROM ledger_accounts WHERE subledger = 'loans') GROUP BY l.subledger_id
  ) j ON j.subledger_id = ln.id
  WHERE ln.expected <> coalesce(j.total, 0)
  UNION ALL
  -- An expense's entries, on whatever expense accounts they used (its item may have moved to
  -- another account since), net to its amount; a deleted expense's net to nothing.
  SELECT 'expense differs from the books', coalesce(x.id, j.source_id)::text, coalesce(x.asked, 0), coalesce(j.total, 0)::bigint
  FROM (
    SELECT x.id, CASE WHEN c.ledger_account_id <> expense_payment_account(x.payment_method) THEN x.amount_kobo ELSE 0 END AS asked
    FROM expenses x JOIN categories c ON c.id = x.category_id
  ) x
  FULL JOIN (
    SELECT e.source_id, sum(l.amount_kobo) AS total
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'expense'
    WHERE e.source_type = 'expense' GROUP BY e.source_id
  ) j ON j.source_id = x.id
  WHERE coalesce(x.asked, 0) <> coalesce(j.total, 0)
  UNION ALL
  SELECT 'expense totals differ from the expenses', coalesce(t.category_id, x.category_id)::text || ' ' || coalesce(t.day, x.spent_on)::text
           || ' (' || coalesce(x.n, 0) || ' expenses, ' || coalesce(t.n, 0) || ' counted)',
         coalesce(x.total, 0)::bigint, coalesce(t.total, 0)::bigint
  FROM (SELECT category_id, day, sum(amount_kobo) AS total, sum(expense_count) AS n FROM expense_day_totals GROUP BY category_id, day) t
  FULL JOIN (SELECT category_id, spent_on, sum(amount_kobo) AS total, count(*) AS n FROM expenses GROUP BY category_id, spent_on) x
    ON x.category_id = t.category_id AND x.spent_on = t.day
  WHERE coalesce(t.total, 0) <> coalesce(x.total, 0) OR coalesce(t.n, 0) <> coalesce(x.n, 0)
$$;
--> statement-breakpoint
-- Rows every posting rewrites (a balance, a day's net) leave room on their page, so the new
-- version can stay beside the old one without touching the indexes (a HOT update).
ALTER TABLE savings_accounts SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE ledger_day_balances SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE expense_day_totals SET (fillfactor = 70);
