-- The draw's close at a million tickets took 10.5–15.5 s against its 10 (docs/benchmarks.md,
-- "Scale"), and the buyer's B-tree was the largest part of its insert: the tickets come in shopper
-- order, so each entry went to a random leaf of a million, found by ≈ 20 comparisons. A hash index
-- puts an entry in its bucket without comparing: the close's statement took 11.0–11.8 s with it
-- against 15.0–15.8 s with the B-tree (three alternating runs at a million tickets, docs/decisions.md,
-- Performance, "The draw's close at a million tickets"). Every reader asks for one Telegram id: a
-- winner's other tickets and the segment's probe of a shopper. The index leaves the draw out of
-- the key (a hash index has one column): a shopper's tickets of every draw are read, a handful.
DROP INDEX draw_tickets_buyer;
CREATE INDEX draw_tickets_buyer ON draw_tickets USING hash (buyer_tg_id);
