-- A draw of a million tickets (docs/benchmarks.md, "Scale"): the close writes its tickets in one
-- INSERT … SELECT and their hash in SQL, the pages read them a page at a time, and nothing reads
-- the whole list to learn its length or a winner.
--
-- The frozen list's length, written with its hash at the close: the cabinet's list of draws and the
-- public page show it, and the winners' derivation needs it, without counting a million rows.
ALTER TABLE draws ADD COLUMN tickets_count integer CHECK (tickets_count >= 0);
UPDATE draws d SET tickets_count = (SELECT count(*) FROM draw_tickets t WHERE t.draw_id = d.id) WHERE d.closed_at IS NOT NULL;
ALTER TABLE draws ADD CONSTRAINT draws_count_with_hash CHECK ((tickets_count IS NULL) = (tickets_hash IS NULL));

-- A winner's other tickets leave the pool (contract/draw-fairness.ts, step 3), and every shopper's
-- result notice lists their own tickets: both look a shopper's tickets up in the draw.
CREATE INDEX draw_tickets_shopper ON draw_tickets (draw_id, shopper, ticket);
