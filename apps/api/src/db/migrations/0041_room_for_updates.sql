-- Room on each page for a row's next version (docs/decisions/072): a posting rewrites its
-- account's balance, a repayment its instalments' paid totals. With pages packed full (the
-- default fillfactor 100) the new version goes to another page and every index of the table gets
-- a new entry; with room on the page it is a heap-only update and no index is touched. None of
-- these updates changes an indexed column. Pages written from now on keep the room; older pages
-- gain it as they are rewritten.
ALTER TABLE savings_accounts SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE loan_instalments SET (fillfactor = 85);
