-- The draw's close at a million tickets took 10.8 s on a quiet hour and 12.6 s on a slow one, against
-- its 10 (docs/benchmarks.md, "Scale"; docs/decisions.md, Performance, "A closed draw's holders are
-- written after its close"). Of the close's statement, 2.8 of 9.3 s was the list's index by shopper:
-- a million entries in the shoppers' order, which is not the list's.
--
-- A closed draw's holders, each with the numbers of their tickets in order, are what that index
-- answered: is this shopper in the draw («took part in the draw»), which are a winner's tickets (the
-- draw-fairness pool), what each shopper's result notice lists. The closing job writes them after
-- the close from the frozen list, a range of tickets at a time; `holders_through` is the last ticket
-- written, so a job cut off goes on where it stopped, and a draw's holders are whole once it equals
-- the draw's tickets count. No foreign key (one statement writes 50 000 rows): `admin verify` checks
-- them against the list.
CREATE TABLE draw_holders (
  draw_id integer NOT NULL,
  buyer_tg_id text COLLATE "C" NOT NULL,
  tickets integer[] NOT NULL CHECK (cardinality(tickets) > 0),
  PRIMARY KEY (draw_id, buyer_tg_id)
);

ALTER TABLE draws ADD COLUMN holders_through integer NOT NULL DEFAULT 0;
ALTER TABLE draws ADD CONSTRAINT draws_holders_within_tickets CHECK (holders_through BETWEEN 0 AND coalesce(tickets_count, 0));

-- The draws closed before: their holders from their lists at once.
INSERT INTO draw_holders (draw_id, buyer_tg_id, tickets)
SELECT draw_id, buyer_tg_id, array_agg(ticket ORDER BY ticket) FROM draw_tickets GROUP BY draw_id, buyer_tg_id;
UPDATE draws SET holders_through = tickets_count WHERE tickets_count IS NOT NULL;

DROP INDEX draw_tickets_buyer;
