-- Receipts at scale: exact counters instead of count(*) per page view, buyer aggregates per
-- seller with an index for every sort of the Buyers screen (docs/decisions.md, "Receipts:
-- prepayments and speed").

-- Receipts in the history per (seller, action); project_id 0 stands for receipts without an
-- action. Kept by a statement-level trigger, so every writer (a check, a bulk import) keeps
-- them exact in its own transaction, and a bulk INSERT … SELECT updates each row once.
CREATE TABLE receipt_counts (
  user_id     integer NOT NULL REFERENCES users (id),
  project_id  integer NOT NULL,
  receipts    bigint NOT NULL CHECK (receipts >= 0),
  PRIMARY KEY (user_id, project_id)
);

-- The triggers: src/server/db/functions/receipts_after_insert.sql and receipt_counts_after_delete.sql.

INSERT INTO receipt_counts (user_id, project_id, receipts)
SELECT user_id, coalesce(project_id, 0), count(*) FROM receipts GROUP BY 1, 2;

-- Buyers over all of a seller's actions (buyer_stats is per action): the Buyers screen's
-- default view reads 100 rows of an index instead of grouping 100 000.
CREATE TABLE seller_buyers (
  user_id              integer NOT NULL REFERENCES users (id),
  buyer_tg_id          text NOT NULL,
  successful_receipts  integer NOT NULL,
  total_kopecks        bigint NOT NULL,
  last_receipt_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, buyer_tg_id)
);
INSERT INTO seller_buyers (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
SELECT user_id, buyer_tg_id, sum(successful_receipts), sum(total_kopecks), max(last_receipt_at) FROM buyer_stats GROUP BY 1, 2;

-- Every sort of the Buyers screen (ties by buyer ID in the same direction, so one index
-- serves both directions), for the seller and for one action. INCLUDE makes the period
-- summary an index-only scan.
CREATE INDEX seller_buyers_by_receipts ON seller_buyers (user_id, successful_receipts, buyer_tg_id);
CREATE INDEX seller_buyers_by_amount ON seller_buyers (user_id, total_kopecks, buyer_tg_id);
CREATE INDEX seller_buyers_by_last ON seller_buyers (user_id, last_receipt_at, buyer_tg_id) INCLUDE (successful_receipts, total_kopecks);
CREATE INDEX buyer_stats_action_by_receipts ON buyer_stats (project_id, successful_receipts, buyer_tg_id);
CREATE INDEX buyer_stats_action_by_amount ON buyer_stats (project_id, total_kopecks, buyer_tg_id);
CREATE INDEX buyer_stats_action_by_last ON buyer_stats (project_id, last_receipt_at, buyer_tg_id) INCLUDE (successful_receipts, total_kopecks);
CREATE INDEX buyer_stats_action_by_buyer ON buyer_stats (project_id, buyer_tg_id);
DROP INDEX buyer_stats_seller_recent;

-- The Buyers summary without a period: buyers, successful receipts and their sum per
-- (seller, action), project_id 0 = every action of the seller. Kept by the check.
CREATE TABLE buyer_summaries (
  user_id              integer NOT NULL REFERENCES users (id),
  project_id           integer NOT NULL,
  buyers               integer NOT NULL,
  successful_receipts  bigint NOT NULL,
  total_kopecks        bigint NOT NULL,
  PRIMARY KEY (user_id, project_id)
);
INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks)
SELECT user_id, project_id, count(*), sum(successful_receipts), sum(total_kopecks) FROM buyer_stats GROUP BY 1, 2
UNION ALL
SELECT user_id, 0, count(*), sum(successful_receipts), sum(total_kopecks) FROM seller_buyers GROUP BY 1;

-- History pages, newest first. Ordered by -id on purpose: with `ORDER BY id DESC` the planner
-- may walk the primary key backwards and filter by seller, which is fast only while the
-- newest receipts are the seller's; a busy service's newest receipts are mostly other
-- sellers' (1.1 s measured at 3 M receipts). The primary key cannot give the -id order, so
-- these indexes are always chosen (0.06 ms).
CREATE INDEX receipts_seller_newest ON receipts (user_id, (-id));
CREATE INDEX receipts_project_newest ON receipts (project_id, (-id));
DROP INDEX receipts_seller_history;
DROP INDEX receipts_project_history;
