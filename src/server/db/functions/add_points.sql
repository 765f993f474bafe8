-- A credit of a buyer's points, the one place one is written: the running balance, the ledger row
-- and, for points that expire, their lot. move_points() calls it for every credit, award_receipt()
-- for a receipt's points, release_hold() for held points that become available (docs/decisions.md,
-- Points, "one function moves points"; "Trust: holds, caps, cancels and blocks").
--
-- Three credits, one row each in the one ledger (its sum per buyer is held + available):
--   * available points (the usual): `delta` = points, `held_delta` 0;
--   * held points, when `held_until` is set (a receipt of an action with a hold for returns):
--     `delta` 0, `held_delta` = points, no lot (they expire from their release), and the hold's row
--     (which receipt, when it is released, the purchase it counts toward a level);
--   * a release, when `from_held`: the points move from held to available, `delta` = points,
--     `held_delta` = −points, with their lot when they expire.
--
-- Typed arguments, not move_points()'s jsonb, and two OUT columns, so the award calls it as a
-- PL/pgSQL simple expression, `(add_points(…)).balance_after`: no JSON built or taken apart, no
-- query of its own around the call, and the statements below keep their plans per connection
-- (an SQL-language function would be planned on every call; one that writes is never inlined).
--
-- The balance row first, as in every movement: it is the lock that queues one buyer's movements
-- (a debit in move_points() reads the lots only once it holds it). The balance after (available
-- points) is the one this upsert leaves: the row stays locked to the commit, so nothing changes it
-- in between. `points` is above 0: the callers credit nothing else.
--
-- The hold's arguments have defaults, so the previous release's instances (nine arguments) call
-- this one during a rolling update; the nine-argument function is dropped for the same reason (a
-- call with nine would otherwise match both).
--
-- Named to sort before award_receipt.sql and move_points.sql: migrate() applies the files in name
-- order, each in its own transaction, and a caller applied first would call a function not there
-- yet until this one is (instances of the previous release check receipts meanwhile).
DROP FUNCTION IF EXISTS add_points(integer, text, integer, text, text, text, text, timestamptz, timestamptz);
CREATE OR REPLACE FUNCTION add_points(action integer, buyer text, points integer, credit_kind text, credit_actor text,
                                      credit_reason text, credit_reference text, credited_at timestamptz, expires timestamptz,
                                      held_until timestamptz DEFAULT NULL, held_receipt bigint DEFAULT NULL,
                                      held_kopecks bigint DEFAULT 0, from_held boolean DEFAULT false,
                                      OUT credit_id bigint, OUT balance_after integer)
  LANGUAGE plpgsql AS $$
BEGIN
  IF held_until IS NOT NULL THEN
    INSERT INTO buyer_points AS p (project_id, buyer_tg_id, balance, held) VALUES (action, buyer, 0, points)
    ON CONFLICT (project_id, buyer_tg_id) DO UPDATE SET held = p.held + EXCLUDED.held
    RETURNING p.balance INTO balance_after;

    INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor)
    VALUES (action, buyer, 0, points, credit_reason, credit_reference, credited_at, credit_kind, credit_actor)
    RETURNING id INTO credit_id;

    INSERT INTO points_holds (ledger_id, project_id, buyer_tg_id, receipt_id, release_at, remaining, counted_kopecks)
    VALUES (credit_id, action, buyer, held_receipt, held_until, points, held_kopecks);
    RETURN;
  END IF;

  IF from_held THEN
    -- The caller (release_hold) holds this row's lock and read the hold under it.
    UPDATE buyer_points p SET balance = p.balance + points, held = p.held - points
     WHERE p.project_id = action AND p.buyer_tg_id = buyer
    RETURNING p.balance INTO balance_after;
  ELSE
    INSERT INTO buyer_points AS p (project_id, buyer_tg_id, balance) VALUES (action, buyer, points)
    ON CONFLICT (project_id, buyer_tg_id) DO UPDATE SET balance = p.balance + EXCLUDED.balance
    RETURNING p.balance INTO balance_after;
  END IF;

  INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor, expires_at)
  VALUES (action, buyer, points, CASE WHEN from_held THEN -points ELSE 0 END, credit_reason, credit_reference, credited_at,
          credit_kind, credit_actor, expires)
  RETURNING id INTO credit_id;

  IF expires IS NOT NULL THEN
    INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining) VALUES (credit_id, action, buyer, expires, points);
  END IF;
END $$;
