-- An open draw's shoppers so far, kept as receipts come (docs/decisions.md, Performance, "An open
-- draw's entrants are kept as receipts come"): «took part in the draw» read them from the window's
-- receipts, 2.1 s at a million receipts in the window against its 300 ms. One row per shopper with
-- how many of the window's receipts they hold, so a cancel can take one back out: the award adds
-- (award_receipt.sql), the cancel takes away (cancel_receipt.sql), both for the draws that keep
-- their entrants. A draw starts keeping them once the draws module has counted its window so far
-- (`keepEntrants`), and a closed draw's are cleared in batches: its frozen list says the same.
CREATE TABLE draw_entrants (
  draw_id integer NOT NULL,
  buyer_tg_id text NOT NULL,
  tickets integer NOT NULL CHECK (tickets > 0),
  PRIMARY KEY (draw_id, buyer_tg_id)
);

-- Whether the draw's entrants are in draw_entrants. False for a draw whose window is not counted
-- yet (every open draw at this migration, counted by the closing job's next run) and for a draw
-- with an item: which receipt holds the item is read from its items, not kept.
ALTER TABLE draws ADD COLUMN entrants_kept boolean NOT NULL DEFAULT false;

-- The award's look-up of its action's draws that keep entrants, one per check.
CREATE INDEX draws_keeping_entrants ON draws (project_id) WHERE closed_at IS NULL AND entrants_kept;
