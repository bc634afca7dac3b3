CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book" text NOT NULL,
	"value_date" date NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reverses_entry_id" uuid,
	"narration" text NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_book_check" CHECK ("journal_entries"."book" in ('scheme', 'organisation')),
	CONSTRAINT "journal_entries_source_check" CHECK ("journal_entries"."source_type" in ('savings', 'loan', 'expense', 'manual', 'opening', 'write_off'))
);
--> statement-breakpoint
CREATE TABLE "journal_entry_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "journal_entry_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book" text NOT NULL,
	"value_date" date NOT NULL,
	"narration" text NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"entry_id" uuid,
	CONSTRAINT "journal_entry_requests_status_check" CHECK ("journal_entry_requests"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "journal_entry_requests_book_check" CHECK ("journal_entry_requests"."book" in ('scheme', 'organisation'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"entry_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"subledger_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"value_date" date NOT NULL,
	CONSTRAINT "journal_lines_entry_id_line_no_pk" PRIMARY KEY("entry_id","line_no"),
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."amount_kobo" <> 0 and abs("journal_lines"."amount_kobo") <= 100000000000000)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"subledger" text,
	"system_key" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_book_check" CHECK ("ledger_accounts"."book" in ('scheme', 'organisation')),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('asset', 'liability', 'equity', 'income', 'expense')),
	CONSTRAINT "ledger_accounts_subledger_check" CHECK ("ledger_accounts"."subledger" is null or ("ledger_accounts"."subledger" in ('member_savings', 'loans') and "ledger_accounts"."book" = 'scheme')),
	CONSTRAINT "ledger_accounts_code_check" CHECK ("ledger_accounts"."code" ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,11}$'),
	CONSTRAINT "ledger_accounts_name_check" CHECK (length(btrim("ledger_accounts"."name")) between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "ledger_day_balances" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"net_kobo" bigint NOT NULL,
	CONSTRAINT "ledger_day_balances_account_id_day_slot_pk" PRIMARY KEY("account_id","day","slot")
);
--> statement-breakpoint
CREATE TABLE "ledger_mappings" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_period_locks" (
	"book" text NOT NULL,
	"month" text NOT NULL,
	"locked_by_id" text,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_period_locks_book_month_pk" PRIMARY KEY("book","month"),
	CONSTRAINT "ledger_period_locks_month_check" CHECK ("ledger_period_locks"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "ledger_account_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_journal_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_requests" ADD CONSTRAINT "journal_entry_requests_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_day_balances" ADD CONSTRAINT "ledger_day_balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_mappings" ADD CONSTRAINT "ledger_mappings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_seq_key" ON "journal_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_entries_book_value_idx" ON "journal_entries" USING btree ("book","value_date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entry_requests_seq_key" ON "journal_entry_requests" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "journal_entry_requests_status_idx" ON "journal_entry_requests" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "journal_lines_account_value_idx" ON "journal_lines" USING btree ("account_id","value_date");--> statement-breakpoint
CREATE INDEX "journal_lines_subledger_idx" ON "journal_lines" USING btree ("subledger_id") WHERE "journal_lines"."subledger_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_book_code_key" ON "ledger_accounts" USING btree ("book","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_subledger_key" ON "ledger_accounts" USING btree ("subledger");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager', 'user', 'staff', 'auditor'));--> statement-breakpoint
-- ============================================================================================
-- The books (issue 27, docs/decisions/042-one-ledger.md). Hand-written below this line.
-- ============================================================================================
-- The default charts. system_key names the accounts the posting rules start from; admins may
-- rename them, add their own and retire unused ones, and Settings › Books points each mapping
-- at any live account of the right book.
INSERT INTO ledger_accounts (book, code, name, kind, subledger, system_key) VALUES
  ('scheme', '1000', 'Bank', 'asset', NULL, 'scheme.bank'),
  ('scheme', '1010', 'Cash', 'asset', NULL, 'scheme.cash'),
  ('scheme', '1100', 'Payroll deductions receivable', 'asset', NULL, 'scheme.payroll_receivable'),
  ('scheme', '1200', 'Loans to members', 'asset', 'loans', 'scheme.loans'),
  ('scheme', '2000', 'Members'' savings', 'liability', 'member_savings', 'scheme.member_savings'),
  ('scheme', '2100', 'Sundry creditors', 'liability', NULL, 'scheme.creditors'),
  ('scheme', '3000', 'Share capital', 'equity', NULL, 'scheme.share_capital'),
  ('scheme', '3100', 'Reserve', 'equity', NULL, 'scheme.reserve'),
  ('scheme', '3200', 'Surplus', 'equity', NULL, 'scheme.surplus'),
  ('scheme', '3900', 'Opening balances', 'equity', NULL, 'scheme.opening'),
  ('scheme', '4000', 'Interest income', 'income', NULL, 'scheme.interest_income'),
  ('scheme', '4100', 'Fee income', 'income', NULL, 'scheme.fee_income'),
  ('scheme', '5000', 'Loans written off', 'expense', NULL, 'scheme.write_offs'),
  ('scheme', '5100', 'Bank charges', 'expense', NULL, 'scheme.bank_charges'),
  ('organisation', '1000', 'Cash', 'asset', NULL, 'organisation.cash'),
  ('organisation', '1010', 'Bank', 'asset', NULL, 'organisation.bank'),
  ('organisation', '2000', 'Sundry creditors', 'liability', NULL, 'organisation.creditors'),
  ('organisation', '3000', 'Accumulated fund', 'equity', NULL, 'organisation.fund'),
  ('organisation', '3900', 'Opening balances', 'equity', NULL, 'organisation.opening');
--> statement-breakpoint
INSERT INTO ledger_mappings (key, account_id)
SELECT m.key, a.id FROM (VALUES
  ('savings.cash', 'scheme.bank'),
  ('savings.payroll', 'scheme.payroll_receivable'),
  ('loans.disbursement', 'scheme.bank'),
  ('loans.repayment_cash', 'scheme.bank'),
  ('loans.repayment_payroll', 'scheme.payroll_receivable'),
  ('loans.interest_income', 'scheme.interest_income'),
  ('loans.fee_income', 'scheme.fee_income'),
  ('loans.write_off', 'scheme.write_offs'),
  ('scheme.opening', 'scheme.opening'),
  ('organisation.opening', 'organisation.opening'),
  ('payment:default', 'organisation.cash'),
  ('payment:cash', 'organisation.cash'),
  ('payment:bank transfer', 'organisation.bank'),
  ('payment:transfer', 'organisation.bank'),
  ('payment:pos', 'organisation.bank'),
  ('payment:card', 'organisation.bank'),
  ('payment:cheque', 'organisation.bank')
) AS m(key, system_key) JOIN ledger_accounts a ON a.system_key = m.system_key;
--> statement-breakpoint
-- Every expense item gets its own expense account, coded 6001, 6002, ... in the order the items were made.
CREATE FUNCTION next_expense_account_code() RETURNS text LANGUAGE sql AS $$
  SELECT (coalesce(max(code::int), 6000) + 1)::text FROM ledger_accounts
  WHERE book = 'organisation' AND code ~ '^6[0-9]{3}$'
$$;
--> statement-breakpoint
CREATE FUNCTION give_category_an_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ledger_account_id IS NULL THEN
    -- Serialises item creation on this one small table, so two new items never take one code.
    PERFORM pg_advisory_xact_lock(hashtextextended('ledger_accounts:organisation:6xxx', 0));
    INSERT INTO ledger_accounts (book, code, name, kind)
    VALUES ('organisation', next_expense_account_code(), left(btrim(NEW.name), 80), 'expense')
    RETURNING id INTO NEW.ledger_account_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_ledger_account BEFORE INSERT ON categories FOR EACH ROW EXECUTE FUNCTION give_category_an_account();
--> statement-breakpoint
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT id, name FROM categories ORDER BY created_at, id LOOP
    WITH made AS (
      INSERT INTO ledger_accounts (book, code, name, kind)
      VALUES ('organisation', next_expense_account_code(), left(btrim(c.name), 80), 'expense') RETURNING id
    )
    UPDATE categories SET ledger_account_id = (SELECT id FROM made) WHERE id = c.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE categories ALTER COLUMN ledger_account_id SET NOT NULL;
--> statement-breakpoint
-- The journal is append-only, as the sub-ledgers are: a mistake is reversed, never edited.
CREATE FUNCTION refuse_journal_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION refuse_journal_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION refuse_journal_change();
--> statement-breakpoint
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW EXECUTE FUNCTION refuse_journal_change();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines FOR EACH STATEMENT EXECUTE FUNCTION refuse_journal_change();
--> statement-breakpoint
-- A locked month takes no entry: refused with the month named (SQLSTATE KB423, detail 'YYYY-MM').
CREATE FUNCTION refuse_entries_in_locked_months() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE locked text;
BEGIN
  SELECT l.book || ':' || l.month INTO locked
  FROM new_entries e JOIN ledger_period_locks l ON l.book = e.book AND l.month = to_char(e.value_date, 'YYYY-MM')
  ORDER BY l.month LIMIT 1;
  IF locked IS NOT NULL THEN
    RAISE EXCEPTION 'the books for % are locked', locked USING ERRCODE = 'KB423', DETAIL = locked;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_open_months AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_entries_in_locked_months();
--> statement-breakpoint
-- Every statement's lines: each entry balances, every line is in its entry's book, a control
-- account's line names its member or loan (and no other line does); then the day balances move.
-- Lines of one entry are written by one statement, so an entry is whole when this runs.
CREATE FUNCTION journal_lines_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad uuid;
BEGIN
  SELECT entry_id INTO bad FROM new_lines GROUP BY entry_id HAVING sum(amount_kobo) <> 0 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.entry_id INTO bad
  FROM new_lines n JOIN journal_entries e ON e.id = n.entry_id JOIN ledger_accounts a ON a.id = n.account_id
  WHERE a.book <> e.book OR (a.subledger IS NULL) <> (n.subledger_id IS NULL) OR n.value_date <> e.value_date
  LIMIT 1;
  IF bad IS NOT NULL THEN
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
CREATE TRIGGER journal_lines_posted AFTER INSERT ON journal_lines REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_posted();
--> statement-breakpoint
-- The posting rules. Each takes the ids of the sub-ledger rows to journal, so the triggers and
-- the history's backfill share one definition.
--
-- Savings and loans run with plan_cache_mode = force_generic_plan: the statement is planned once
-- per connection (again after the tables are analysed). Left to choose, PostgreSQL planned it
-- afresh for every deposit, a custom plan for each ids array, which cost more than the rest of
-- the posting (issue 27's bench:savings).
--
-- Savings (scheme's book): a deposit credits the member under "Members' savings" and debits
-- "Payroll deductions receivable" when it came in a monthly run, else the savings cash account
-- (Bank by default); a withdrawal the reverse; a transfer is one entry, member to member. A
-- reversal posts through the account its original used.
CREATE FUNCTION journal_savings(ids uuid[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH legs AS (
    SELECT t.id, t.seq, t.account_id, t.type, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
           coalesce(t.transfer_id, t.id) AS group_id,
           CASE WHEN t.type IN ('deposit', 'transfer_in') THEN -t.amount_kobo ELSE t.amount_kobo END AS member_kobo,
           -- The legacy import sets kobo.savings_counter_key to 'scheme.opening' for its own
           -- transaction: members' opening savings are posted against the opening balances.
           coalesce(nullif(current_setting('kobo.savings_counter_key', true), ''),
                    CASE WHEN coalesce(o.batch_id, t.batch_id) IS NOT NULL THEN 'savings.payroll' ELSE 'savings.cash' END) AS counter_key,
           a.holder_name, coalesce(o.transfer_id, o.id) AS original_group
    FROM unnest(ids) AS x(id)
    JOIN savings_transactions t ON t.id = x.id
    JOIN savings_accounts a ON a.id = t.account_id
    LEFT JOIN savings_transactions o ON o.id = t.reverses_id
  ),
  groups AS (
    SELECT group_id, min(seq) AS seq, min(value_date) AS value_date, min(created_by_id) AS created_by_id, min(created_at) AS created_at,
           bool_or(reverses_id IS NOT NULL) AS is_reversal, min(reason) AS reason, min(original_group::text)::uuid AS original_group,
           CASE WHEN count(*) > 1 THEN 'Transfer · ' || string_agg(holder_name, ' → ' ORDER BY member_kobo DESC)
                ELSE initcap(min(type)) || ' · ' || min(holder_name) END AS what
    FROM legs GROUP BY group_id
  ),
  entries AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
    SELECT 'scheme', g.value_date, 'savings', g.group_id,
           (SELECT e.id FROM journal_entries e WHERE e.source_type = 'savings' AND e.source_id = g.original_group ORDER BY e.seq LIMIT 1),
           CASE WHEN g.is_reversal THEN 'Reversal · ' || g.what || ' · ' || g.reason ELSE g.what END,
           g.created_by_id, g.created_at
    FROM groups g ORDER BY g.value_date, g.seq
    RETURNING id, source_id, value_date
  ),
  member_control AS (SELECT id FROM ledger_accounts WHERE subledger = 'member_savings'),
  lines AS (
    SELECT l.group_id, l.seq, 0 AS side, (SELECT id FROM member_control) AS account_id, l.account_id AS subledger_id, l.member_kobo AS amount
    FROM legs l
    UNION ALL
    SELECT l.group_id, l.seq, 1, m.account_id, NULL, -l.member_kobo
    FROM legs l JOIN ledger_mappings m ON m.key = l.counter_key
    WHERE l.type IN ('deposit', 'withdrawal')
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, row_number() OVER (PARTITION BY e.id ORDER BY l.seq, l.side), l.account_id, l.subledger_id, l.amount, e.value_date
  FROM lines l JOIN entries e ON e.source_id = l.group_id;
END;
$$;
--> statement-breakpoint
-- Loans (scheme's book): a disbursement debits the loan under "Loans to members" and credits
-- Bank; a fee debits the loan and credits fee income; a repayment debits the payroll receivable
-- (a monthly run) or Bank, credits the loan with the fee and principal it paid and interest
-- income with the interest (income when received: the cash basis small schemes use). Waived
-- interest moves no money. A reversal is its original's lines, negated.
CREATE FUNCTION journal_loans(ids uuid[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH rows AS (
    SELECT t.id, t.seq, t.loan_id, t.type, t.amount_kobo, t.value_date, t.created_by_id, t.created_at, t.reverses_id, t.reason,
           CASE WHEN t.reverses_id IS NULL THEN 1 ELSE -1 END AS sign,
           coalesce(o.batch_id, t.batch_id) IS NOT NULL AS payroll,
           coalesce((t.allocation ->> 'fee')::bigint, 0) AS fee_paid,
           coalesce((SELECT sum((line ->> 'principal')::bigint) FROM jsonb_array_elements(t.allocation -> 'lines') AS line), 0) AS principal_paid,
           coalesce((SELECT sum((line ->> 'interest')::bigint) FROM jsonb_array_elements(t.allocation -> 'lines') AS line), 0) AS interest_paid,
           a.holder_name, l.product_name
    FROM unnest(ids) AS x(id)
    JOIN loan_transactions t ON t.id = x.id
    JOIN loans l ON l.id = t.loan_id
    JOIN savings_accounts a ON a.id = l.account_id
    LEFT JOIN loan_transactions o ON o.id = t.reverses_id
  ),
  entries AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, reverses_entry_id, narration, created_by_id, created_at)
    SELECT 'scheme', r.value_date, 'loan', r.id,
           (SELECT e.id FROM journal_entries e WHERE e.source_type = 'loan' AND e.source_id = r.reverses_id LIMIT 1),
           CASE WHEN r.reverses_id IS NOT NULL THEN 'Reversal · ' ELSE '' END
             || CASE r.type WHEN 'disbursement' THEN 'Loan disbursed' WHEN 'fee' THEN 'Loan fee' ELSE 'Loan repayment' END
             || ' · ' || r.holder_name || ' · ' || r.product_name
             || CASE WHEN r.reverses_id IS NOT NULL THEN ' · ' || r.reason ELSE '' END,
           r.created_by_id, r.created_at
    FROM rows r ORDER BY r.value_date, r.seq
    RETURNING id, source_id, value_date
  ),
  lines AS (
    SELECT r.id, 0 AS side, (SELECT id FROM ledger_accounts WHERE subledger = 'loans') AS account_id, r.loan_id AS subledger_id,
           r.sign * CASE WHEN r.type = 'repayment' THEN -(r.fee_paid + r.principal_paid) ELSE r.amount_kobo END AS amount
    FROM rows r
    UNION ALL
    SELECT r.id, 1, m.account_id, NULL,
           r.sign * CASE WHEN r.type = 'repayment' THEN r.amount_kobo ELSE -r.amount_kobo END
    FROM rows r JOIN ledger_mappings m ON m.key = CASE r.type
      WHEN 'disbursement' THEN 'loans.disbursement'
      WHEN 'fee' THEN 'loans.fee_income'
      ELSE CASE WHEN r.payroll THEN 'loans.repayment_payroll' ELSE 'loans.repayment_cash' END END
    UNION ALL
    SELECT r.id, 2, m.account_id, NULL, -r.sign * r.interest_paid
    FROM rows r JOIN ledger_mappings m ON m.key = 'loans.interest_income'
    WHERE r.type = 'repayment'
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, row_number() OVER (PARTITION BY e.id ORDER BY l.side), l.account_id, l.subledger_id, l.amount, e.value_date
  FROM lines l JOIN entries e ON e.source_id = l.id
  WHERE l.amount <> 0;
END;
$$;
--> statement-breakpoint
-- The first day a book can take an entry on or after a day: the day itself, or the 1st of the
-- first open month after it when its month is locked.
CREATE FUNCTION ledger_open_day(p_book text, p_day date) RETURNS date LANGUAGE plpgsql STABLE AS $$
DECLARE d date := p_day;
BEGIN
  WHILE EXISTS (SELECT 1 FROM ledger_period_locks WHERE book = p_book AND month = to_char(d, 'YYYY-MM')) LOOP
    d := (date_trunc('month', d) + interval '1 month')::date;
  END LOOP;
  RETURN d;
END;
$$;
--> statement-breakpoint
-- Expenses (organisation's book): an expense debits its item's expense account and credits the
-- account its payment method maps to ('payment:<method>', else 'payment:default'). Each call
-- brings the journal to what the expense row now says: a new expense gets its entry; an edit
-- that changes the amount, item, method or day reverses what stood (dated in the first open
-- month on or after its day) and posts anew; a deleted expense's entry is reversed.
CREATE FUNCTION journal_expenses(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record; standing_ids uuid[];
BEGIN
  -- Only expenses that already have entries can need a reversal; a new one (an import brings
  -- thousands) gets its entry below and stands as posted, so the row-by-row loop never sees it.
  standing_ids := ARRAY(SELECT DISTINCT source_id FROM journal_entries WHERE source_type = 'expense' AND source_id = ANY(ids));
  -- New expenses: one entry each, set-based.
  WITH target AS (
    SELECT x.id, x.amount_kobo, x.spent_on, x.user_id, x.created_at, c.ledger_account_id AS expense_account,
           coalesce(pm.account_id, pd.account_id) AS payment_account,
           c.name || coalesce(': ' || nullif(btrim(coalesce(x.title, x.description, '')), ''), '') AS what
    FROM expenses x
    JOIN categories c ON c.id = x.category_id
    LEFT JOIN ledger_mappings pm ON pm.key = 'payment:' || lower(btrim(x.payment_method))
    LEFT JOIN ledger_mappings pd ON pd.key = 'payment:default'
    WHERE x.id = ANY(ids) AND x.amount_kobo > 0
      AND c.ledger_account_id <> coalesce(pm.account_id, pd.account_id)
      AND NOT EXISTS (SELECT 1 FROM journal_entries je WHERE je.source_type = 'expense' AND je.source_id = x.id)
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
    WITH target AS (
      SELECT x.id, x.amount_kobo, x.spent_on, x.user_id, c.ledger_account_id AS expense_account,
             coalesce(pm.account_id, pd.account_id) AS payment_account,
             c.name || coalesce(': ' || nullif(btrim(coalesce(x.title, x.description, '')), ''), '') AS what
      FROM expenses x
      JOIN categories c ON c.id = x.category_id
      LEFT JOIN ledger_mappings pm ON pm.key = 'payment:' || lower(btrim(x.payment_method))
      LEFT JOIN ledger_mappings pd ON pd.key = 'payment:default'
      WHERE x.id = ANY(standing_ids) AND x.amount_kobo > 0
    ),
    standing AS (
      SELECT e.source_id AS id, jsonb_object_agg(s.account_id, s.net) AS nets,
             (SELECT e2.value_date FROM journal_entries e2 WHERE e2.source_type = 'expense' AND e2.source_id = e.source_id AND e2.reverses_entry_id IS NULL ORDER BY e2.seq DESC LIMIT 1) AS value_date,
             (SELECT e2.id FROM journal_entries e2 WHERE e2.source_type = 'expense' AND e2.source_id = e.source_id AND e2.reverses_entry_id IS NULL ORDER BY e2.seq DESC LIMIT 1) AS entry_id
      FROM unnest(standing_ids) AS e(source_id)
      CROSS JOIN LATERAL (
        SELECT l.account_id, sum(l.amount_kobo) AS net
        FROM journal_entries je JOIN journal_lines l ON l.entry_id = je.id
        WHERE je.source_type = 'expense' AND je.source_id = e.source_id
        GROUP BY l.account_id HAVING sum(l.amount_kobo) <> 0
      ) s
      GROUP BY e.source_id
    )
    SELECT coalesce(t.id, s.id) AS id, t.amount_kobo, t.spent_on, t.user_id, t.expense_account, t.payment_account, t.what,
           s.nets, s.value_date AS standing_date, s.entry_id AS standing_entry,
           CASE WHEN t.id IS NULL THEN NULL
                WHEN t.expense_account = t.payment_account THEN '{}'::jsonb
                ELSE jsonb_build_object(t.expense_account, t.amount_kobo, t.payment_account, -t.amount_kobo) END AS wanted
    FROM standing s LEFT JOIN target t ON t.id = s.id
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
CREATE FUNCTION journal_new_savings_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_savings(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER savings_transactions_journal AFTER INSERT ON savings_transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_new_savings_rows();
--> statement-breakpoint
CREATE FUNCTION journal_new_loan_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_loans(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_transactions_journal AFTER INSERT ON loan_transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_new_loan_rows();
--> statement-breakpoint
CREATE FUNCTION journal_inserted_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_expenses(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION journal_changed_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_expenses(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.amount_kobo, n.category_id, n.payment_method, n.spent_on) IS DISTINCT FROM (o.amount_kobo, o.category_id, o.payment_method, o.spent_on)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION journal_deleted_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_expenses(ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER expenses_journal_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_inserted_expenses();
--> statement-breakpoint
CREATE TRIGGER expenses_journal_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_changed_expenses();
--> statement-breakpoint
CREATE TRIGGER expenses_journal_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_deleted_expenses();
--> statement-breakpoint
-- The history, posted once, in value-date order within each sub-ledger.
-- Originals first, then reversals, so each reversal's entry can name the entry it reverses.
SELECT journal_savings(ARRAY(SELECT id FROM savings_transactions WHERE reverses_id IS NULL ORDER BY value_date, seq));
--> statement-breakpoint
SELECT journal_savings(ARRAY(SELECT id FROM savings_transactions WHERE reverses_id IS NOT NULL ORDER BY value_date, seq));
--> statement-breakpoint
SELECT journal_loans(ARRAY(SELECT id FROM loan_transactions WHERE reverses_id IS NULL ORDER BY value_date, seq));
--> statement-breakpoint
SELECT journal_loans(ARRAY(SELECT id FROM loan_transactions WHERE reverses_id IS NOT NULL ORDER BY value_date, seq));
--> statement-breakpoint
SELECT journal_expenses(ARRAY(SELECT id FROM expenses ORDER BY spent_on, created_at, id));
--> statement-breakpoint
-- Loans written off before the books existed: their remaining position goes to "Loans written off",
-- dated the day of the write-off.
CREATE FUNCTION journal_write_off(p_loan uuid, p_day date, p_actor text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE owed bigint;
BEGIN
  SELECT coalesce(sum(l.amount_kobo), 0) INTO owed
  FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id AND a.subledger = 'loans'
  WHERE l.subledger_id = p_loan;
  IF owed = 0 THEN RETURN; END IF;
  WITH e AS (
    INSERT INTO journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
    SELECT 'scheme', p_day, 'write_off', p_loan, 'Loan written off · ' || a.holder_name || ' · ' || l.product_name, p_actor
    FROM loans l JOIN savings_accounts a ON a.id = l.account_id WHERE l.id = p_loan
    RETURNING id
  )
  INSERT INTO journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
  SELECT e.id, 1, (SELECT account_id FROM ledger_mappings WHERE key = 'loans.write_off'), NULL, owed, p_day FROM e
  UNION ALL
  SELECT e.id, 2, (SELECT id FROM ledger_accounts WHERE subledger = 'loans'), p_loan, -owed, p_day FROM e;
END;
$$;
--> statement-breakpoint
SELECT journal_write_off(id, (decided_at AT TIME ZONE 'Africa/Lagos')::date, decided_by_id)
FROM loans WHERE status = 'written_off' ORDER BY decided_at, id;
--> statement-breakpoint
-- The ledger check (npm run check:ledger, the tests' drift check, and this migration): every
-- problem it finds, one row each. Empty on healthy books.
CREATE FUNCTION ledger_problems() RETURNS TABLE (problem text, subject text, expected_kobo bigint, found_kobo bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'entry does not balance', l.entry_id::text, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l GROUP BY l.entry_id HAVING sum(l.amount_kobo) <> 0
  UNION ALL
  SELECT 'trial balance does not balance', e.book, 0::bigint, sum(l.amount_kobo)::bigint
  FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY e.book HAVING sum(l.amount_kobo) <> 0
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
  SELECT 'expense differs from the books', coalesce(x.id, j.source_id)::text,
         CASE WHEN x.id IS NOT NULL AND c.ledger_account_id <> coalesce(pm.account_id, pd.account_id) THEN x.amount_kobo ELSE 0 END,
         coalesce(j.total, 0)::bigint
  FROM expenses x
  JOIN categories c ON c.id = x.category_id
  LEFT JOIN ledger_mappings pm ON pm.key = 'payment:' || lower(btrim(x.payment_method))
  LEFT JOIN ledger_mappings pd ON pd.key = 'payment:default'
  FULL JOIN (
    SELECT e.source_id, sum(l.amount_kobo) AS total
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'expense'
    WHERE e.source_type = 'expense' GROUP BY e.source_id
  ) j ON j.source_id = x.id
  WHERE CASE WHEN x.id IS NOT NULL AND c.ledger_account_id <> coalesce(pm.account_id, pd.account_id) THEN x.amount_kobo ELSE 0 END <> coalesce(j.total, 0)
$$;
--> statement-breakpoint
DO $$
DECLARE first_problem record;
BEGIN
  SELECT * INTO first_problem FROM ledger_problems() LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the books do not agree with the history (%: % expected %, found %); nothing was migrated',
      first_problem.problem, first_problem.subject, first_problem.expected_kobo, first_problem.found_kobo;
  END IF;
END;
$$;
