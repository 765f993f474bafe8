-- The draw's close at a million tickets took 10.9 s against its 10 (docs/benchmarks.md, "Scale";
-- docs/decisions.md, Performance, "The draw's close at a million tickets"). Of the statement's
-- database CPU at 200 000 tickets, each of the list's two secondary indexes was ≈ 15 %.
--
-- How many shoppers hold a ticket is kept with the list's length and hash, from the same rows the
-- close's insert returns: the «took part in the draw» count read it from the last shopper's number
-- through `draw_tickets_shopper`, the only reader of that index besides a winner's other tickets,
-- which the buyer's index finds as well (the winner's Telegram id is read with the winning ticket).
ALTER TABLE draws ADD COLUMN shoppers_count integer CHECK (shoppers_count >= 0);
UPDATE draws d SET shoppers_count = (SELECT coalesce(max(shopper), 0) FROM draw_tickets t WHERE t.draw_id = d.id)
 WHERE d.tickets_hash IS NOT NULL;
ALTER TABLE draws ADD CONSTRAINT draws_shoppers_with_hash CHECK ((shoppers_count IS NULL) = (tickets_hash IS NULL));
DROP INDEX draw_tickets_shopper;

-- The buyer's index compares Telegram ids byte by byte: under the database's own collation each of
-- its ≈ 20 comparisons an entry is the C library's strcoll (and a slower one under a language's
-- collation than under C.UTF-8). A Telegram id is digits, compared here for equality only, so the
-- answers are the same; a comparison with another table's id takes this column's collation, which
-- is what lets the index serve it.
ALTER TABLE draw_tickets ALTER COLUMN buyer_tg_id TYPE text COLLATE "C";
