-- A segment's birthday month with a minimum balance (the bench's «four combined» at a million
-- shoppers) read the month's ≈ 85 000 birthdays, hashed them against a scan of the action's whole
-- buyer_stats, then looked each remaining shopper's balance up: ≈ 270 ms, a p95 past 300 ms for
-- the first page. The balance's row now carries its shopper's birthday month, so such a count
-- starts from the action's balances of that month (this index) that reach the minimum, and looks
-- only those shoppers' statistics up. The award never writes the month: its update of a balance
-- changes no indexed column and stays a HOT update, so this index costs it nothing; a shopper's
-- first points and a birthday given or changed write it (functions/buyer_points_birthday_month.sql).
-- `admin verify` compares it with buyer_birthdays.
ALTER TABLE buyer_points ADD COLUMN birthday_month smallint;

UPDATE buyer_points p SET birthday_month = b.month
  FROM buyer_birthdays b
 WHERE b.project_id = p.project_id AND b.buyer_tg_id = p.buyer_tg_id;

CREATE INDEX buyer_points_birthday_month ON buyer_points (project_id, birthday_month) WHERE birthday_month IS NOT NULL;
