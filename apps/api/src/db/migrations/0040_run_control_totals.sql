-- ============================================================================================
-- A run posts each product's control account its total (issues 27, 29, 30; docs/decisions/071).
-- A monthly run's savings rows were each a journal line under their product's control account,
-- naming the member: 30,000 lines for a three-product run, written, checked and indexed a second
-- time beside the rows themselves. A run's entry (and a run's reversal with it) now has one line
-- per control account and direction, and the members' detail stays in savings_transactions, which
-- the drift check proves equal to each balance. Every other posting (a deposit, a withdrawal, a
-- transfer, one row of a run reversed on its own, an exit, a recovery) still names its member.
-- History is left as it is: an older run's member lines sum to the same control account.
-- ============================================================================================
CREATE OR REPLACE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE r record; refused record; run record;
BEGIN
  SELECT n.id, n.account_id, n.type, n.amount_kobo, n.value_date, n.created_by_id, n.created_at, n.batch_id,
         n.counterparty_account_id, n.reverses_id,
         n.transfer_id IS NULL AND n.reverses_id IS NULL AND n.batch_id IS NULL AND n.type IN ('deposit', 'withdrawal') AS plain, count(*) OVER () AS rows_posted
  INTO r FROM new_rows n LIMIT 1;
  IF r.rows_posted IS NULL THEN
    RETURN NULL;
  END IF;
  -- 0040: a run (every row new, naming the statement's one batch): one pass over its rows checks
  -- what they name and sums them per control account, counter account and direction, and its entry
  -- is those few lines (decision 071). Anything else in the statement (a reversal, a transfer, a
  -- row of another batch) takes the general path below, as does an exit's settlement.
  IF r.rows_posted > 1 AND r.batch_id IS NOT NULL AND current_setting('kobo.journal_by_caller', true) IS DISTINCT FROM 'exit' THEN
    EXECUTE $q$
    WITH mapped AS (
      SELECT (SELECT account_id FROM ledger_mappings WHERE key = 'savings.payroll') AS payroll,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.penalty_income') AS penalty,
             (SELECT account_id FROM ledger_mappings WHERE key = 'savings.interest_expense') AS interest,
             (SELECT account_id FROM ledger_mappings WHERE key = nullif(current_setting('kobo.savings_counter_key', true), '')) AS override,
             current_setting('kobo.savings_counter_key', true) = 'yearend.appropriation' AS is_year_end,
             (SELECT account_id FROM ledger_mappings WHERE key = 'yearend.appropriation') AS appropriation
    ),
    legs AS (
      SELECT t.seq, t.value_date, t.created_by_id, t.created_at,
             a.id IS NULL AS missing, a.closed_at IS NOT NULL AS closed,
             t.batch_id IS DISTINCT FROM $1 OR t.reverses_id IS NOT NULL OR t.transfer_id IS NOT NULL OR t.counterparty_account_id IS NOT NULL AS other,
             p.control_account_id,
             CASE t.type
               WHEN 'penalty' THEN coalesce(p.penalty_account_id, m.penalty)
               WHEN 'interest' THEN CASE WHEN m.is_year_end THEN m.appropriation ELSE m.interest END
               ELSE coalesce(m.override, m.payroll)
             END AS counter_account_id,
             CASE WHEN t.type IN ('deposit', 'transfer_in', 'interest') THEN -t.amount_kobo ELSE t.amount_kobo END AS member_kobo
      FROM new_rows t
      CROSS JOIN mapped m
      LEFT JOIN savings_accounts a ON a.id = t.account_id
      LEFT JOIN savings_products p ON p.id = a.product_id
    ),
    sums AS (
      SELECT 0 AS side, min(seq) AS seq, control_account_id AS account_id, sum(member_kobo) AS amount_kobo
      FROM legs GROUP BY control_account_id, member_kobo > 0
      UNION ALL
      SELECT 1 + (sum(member_kobo) > 0)::int, max(seq), counter_account_id, -sum(member_kobo)
      FROM legs GROUP BY counter_account_id, member_kobo > 0
    ),
    flags AS (
      SELECT bool_or(missing) AS missing, bool_or(closed) AS closed, bool_or(other) AS other,
             min(value_date) AS value_date, min(created_by_id) AS created_by_id, min(created_at) AS created_at
      FROM legs
    )
    SELECT f.*, (SELECT jsonb_agg(jsonb_build_object('line_no', s.line_no, 'account_id', s.account_id, 'amount_kobo', s.amount_kobo) ORDER BY s.line_no)
                 FROM (SELECT row_number() OVER (ORDER BY side, seq) AS line_no, account_id, amount_kobo FROM sums) s) AS lines
    FROM flags f
    $q$ INTO run USING r.batch_id;
    IF NOT run.other THEN
      IF run.missing OR NOT EXISTS (SELECT 1 FROM savings_batches b WHERE b.id = r.batch_id) THEN
        RAISE EXCEPTION 'a savings posting names an account, a posting or a batch that does not exist' USING ERRCODE = 'foreign_key_violation';
      ELSIF run.closed THEN
        RAISE EXCEPTION 'savings account closed' USING ERRCODE = 'KB410';
      END IF;
      WITH entry AS (
        INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id, created_at)
        SELECT 'scheme', run.value_date, 'savings_batch', b.id,
               CASE b.kind WHEN 'year_end' THEN 'Year end · ' ELSE 'Payroll batch · ' END || b.description, run.created_by_id, run.created_at
        FROM savings_batches b WHERE b.id = r.batch_id
        RETURNING id
      )
      INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
      SELECT entry.id, l.line_no, l.account_id, NULL, l.amount_kobo, run.value_date
      FROM entry, jsonb_to_recordset(run.lines) AS l(line_no int, account_id uuid, amount_kobo bigint);
      IF current_setting('kobo.quiet_postings', true) IS DISTINCT FROM 'on' THEN
        INSERT INTO ledger_notices (ledger, entry_id, from_seq, to_seq) SELECT 'savings_batch', r.batch_id, min(seq), max(seq) FROM new_rows;
      END IF;
      RETURN NULL;
    END IF;
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
                JOIN journal_lines f ON f.entry_id = e.id AND f.line_no = 1
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
      WHERE l.batch_id IS NULL
      UNION ALL
      -- 0040: a run (and a run's reversal with it) posts each product's control account its total,
      -- money in and money out apart; the members' detail is the run's rows (decision 071).
      SELECT l.group_id, min(l.seq), 0, l.control_account_id, NULL, sum(l.member_kobo), min(l.value_date)
      FROM legs l
      WHERE l.batch_id IS NOT NULL
      GROUP BY l.group_id, l.control_account_id, l.member_kobo > 0
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
CREATE OR REPLACE FUNCTION journal_lines_posted() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
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
     OR a.book <> e.book OR n.value_date <> e.value_date
     -- A control account's line names its member or loan, and no other line names one; 0040: a
     -- run's entry posts the members' savings control accounts their totals (decision 071).
     OR (a.subledger IS NULL AND n.subledger_id IS NOT NULL)
     OR (a.subledger IS NOT NULL AND n.subledger_id IS NULL AND NOT (a.subledger = 'member_savings' AND e.source_type = 'savings_batch'))
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
  -- 0040 (decision 071): each members' savings control account holds what the members' accounts
  -- of its products hold. A run posts a control account its total, so the journal no longer has a
  -- line per member to compare one by one; each member's balance against its own rows is the drift
  -- check's (findLedgerDrift), and the two together pin a difference to the member.
  SELECT 'members'' savings differ from the books', coalesce(s.code, j.code), coalesce(s.total, 0)::bigint, coalesce(-j.total, 0)::bigint
  FROM (
    SELECT c.code, sum(s.balance_kobo) AS total
    FROM savings_accounts s JOIN savings_products p ON p.id = s.product_id JOIN ledger_accounts c ON c.id = p.control_account_id
    GROUP BY c.code
  ) s
  FULL JOIN (
    SELECT a.code, sum(l.amount_kobo) AS total FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
    WHERE a.subledger = 'member_savings' GROUP BY a.code
  ) j ON j.code = s.code
  WHERE coalesce(s.total, 0) <> coalesce(-j.total, 0)
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
  UNION ALL
  -- 0036: a loan repayment's amount is what its allocation paid (fee, penalties, interest and
  -- principal). The books and the instalments follow the allocation; the amount is what the member
  -- and the officers read on the loan's page and in its exports.
  SELECT 'repayment differs from its allocation', t.id::text, a.paid, t.amount_kobo
  FROM loan_transactions t
  CROSS JOIN LATERAL (
    SELECT (coalesce((t.allocation->>'fee')::bigint, 0) + coalesce((t.allocation->>'penalty')::bigint, 0)
            + coalesce((SELECT sum((l->>'interest')::bigint + (l->>'principal')::bigint) FROM jsonb_array_elements(t.allocation->'lines') l), 0))::bigint AS paid
  ) a
  WHERE t.type = 'repayment' AND t.allocation IS NOT NULL AND t.amount_kobo <> a.paid
$$;
