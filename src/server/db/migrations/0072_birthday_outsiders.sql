-- «День рождения в месяце» counts the action's shoppers who gave a birthday in that month. The count
-- looked each of the month's birthdays up in the statistics and the balances: ≈ 83 000 lookups at a
-- million shoppers, 0.6–0.7 s (docs/benchmarks.md, "Scale"). Those who gave a birthday but are not
-- the action's shoppers yet (no buyer_stats and no buyer_points row) are kept here, few, so the
-- count is the month's birthdays read in buyer_birthdays_month alone less these. Kept by triggers
-- (functions/buyer_birthday_outsiders_given.sql and _joined.sql); `admin verify` recounts it from its sources.
CREATE TABLE buyer_birthday_outsiders (
  project_id  integer NOT NULL,
  buyer_tg_id text NOT NULL,
  month       smallint NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);
CREATE INDEX buyer_birthday_outsiders_month ON buyer_birthday_outsiders (project_id, month);

INSERT INTO buyer_birthday_outsiders (project_id, buyer_tg_id, month)
SELECT b.project_id, b.buyer_tg_id, b.month
  FROM buyer_birthdays b
 WHERE NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = b.project_id AND s.buyer_tg_id = b.buyer_tg_id)
   AND NOT EXISTS (SELECT 1 FROM buyer_points p WHERE p.project_id = b.project_id AND p.buyer_tg_id = b.buyer_tg_id);
