-- A loan repayment row whose amount differs from its allocation passed every check (found by the
-- simulator's leavers: an exit's payoff row written ₦1 over showed on the loan's page, while the
-- books and the instalments, which follow the allocation, stayed right). The ledger check now
-- compares them too. 0019's function, unchanged but for its last part.
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
  -- Each member account's lines sit under its product's control account, and sum to its balance;
  -- a line of it under any other members' control account shows as a difference there.
  SELECT 'member''s savings differ from the books', coalesce(s.id, j.subledger_id)::text, coalesce(s.balance_kobo, 0), coalesce(-j.total, 0)::bigint
  FROM (SELECT s.id, s.balance_kobo, p.control_account_id FROM savings_accounts s JOIN savings_products p ON p.id = s.product_id) s
  FULL JOIN (
    SELECT l.subledger_id, l.account_id, sum(l.amount_kobo) AS total FROM journal_lines l
    WHERE l.account_id IN (SELECT id FROM ledger_accounts WHERE subledger = 'member_savings') GROUP BY l.subledger_id, l.account_id
  ) j ON j.subledger_id = s.id AND j.account_id = s.control_account_id
  WHERE coalesce(s.balance_kobo, 0) <> coalesce(-j.total, 0)
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
