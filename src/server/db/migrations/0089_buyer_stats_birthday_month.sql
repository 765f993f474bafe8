-- A segment's birthday month with a spending or a recency asked too (the bench's «four combined» at
-- a million shoppers) looked each of the month's 42 000 balances' statistics up by key: ≈ 110 ms
-- quiet, a p95 past 300 ms on a busy host, growing with the month's shoppers at ≈ 2.5 µs each.
-- The statistics' row now carries its shopper's birthday month too, and this index holds what such a
-- count tests (the spending, the last purchase), so the month's buyers are read from the index alone
-- and joined with the month's balances, both an index's range. The award's update of a shopper's
-- statistics already writes every index of the table (it changes indexed columns); for a shopper with
-- a birthday it now writes this one too. A shopper's first purchase and a birthday given or moved write
-- the month (functions/buyer_stats_birthday_month.sql); `admin verify` compares it with buyer_birthdays.
ALTER TABLE buyer_stats ADD COLUMN birthday_month smallint;

UPDATE buyer_stats s SET birthday_month = b.month
  FROM buyer_birthdays b
 WHERE b.project_id = s.project_id AND b.buyer_tg_id = s.buyer_tg_id;

CREATE INDEX buyer_stats_birthday_month ON buyer_stats (project_id, birthday_month)
  INCLUDE (buyer_tg_id, total_kopecks, last_receipt_at) WHERE birthday_month IS NOT NULL;
