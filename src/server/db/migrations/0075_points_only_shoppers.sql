-- «Потратил до N ₽» (and any count where a shopper who never bought may match) counted the
-- shoppers who hold points but never bought by testing every balance of the action against the
-- statistics: a lookup per balance, ≈ 1 M at a million shoppers (docs/benchmarks.md, "Scale").
-- Those points-only shoppers are kept here, few, so such a count is the buyers in range by an
-- index plus this table's rows of the action. Kept by triggers (functions/buyer_points_only_credited.sql
-- and _bought.sql); `admin verify` recounts it from its sources.
CREATE TABLE buyer_points_only (
  project_id  integer NOT NULL,
  buyer_tg_id text NOT NULL,
  PRIMARY KEY (project_id, buyer_tg_id)
);

INSERT INTO buyer_points_only (project_id, buyer_tg_id)
SELECT p.project_id, p.buyer_tg_id
  FROM buyer_points p
 WHERE NOT EXISTS (SELECT 1 FROM buyer_stats s WHERE s.project_id = p.project_id AND s.buyer_tg_id = p.buyer_tg_id);
