-- The award of a successful receipt (SPEC §9 and the points of the action), one call per check
-- (docs/decisions.md, "Receipts: prepayments and speed", "Receipts: the seller's rows last", "The
-- check writes only what it must"). As a stored function its plans are cached per connection and
-- the check sends a few hundred bytes.
--
-- `award` carries the receipt as the check read it, its items, the points the server computed
-- from the counted items at the rule's percent (points_rule, points_percentage, points_level),
-- when those points expire (points_expires_at, NULL: never) or, for an action that holds points for
-- the marketplaces' return window, until when they are held (points_held_until; they expire counted
-- from their release then, and the purchase counts toward a level from it), the buyer, the fee's ledger text and
-- `tiers`, the contract's SPEC §9 tier table [{max, key, fallback}, …] in order.
--
-- Order matters. One seller's checks pass its lock one at a time, so the check rate of a busy
-- seller is set by how long each award holds it, not by the award's whole cost
-- (docs/benchmarks.md, receipts). Everything that needs no figure of the seller's locked row is
-- written before the lock: the buyer's own rows (they collide only when one buyer scans twice at
-- the same moment), the receipt with its items and its analytics queue row (insert-only rows
-- nobody else touches), at the tier price read without the lock. After the lock only what needs
-- the seller's locked figures or is the seller's shared row: the charge (at that price when the
-- locked count still falls in its tier, else at the right one, the receipt's fee corrected),
-- the Buyers summaries, the history's counter and the fee's ledger row, then the commit. The
-- receipt's id is drawn from its sequence first, so the points ledger can name it.
--
-- Answers (receipt_id, fee_kopecks, buyer_points: the buyer's points in the action after the
-- award, which the shoppers' bot states under every receipt; points_awarded and message: the
-- receipt's, which for a bot update awarded before are that award's), or raises SA402 when the
-- seller cannot pay: nothing is written then (the caller answers "cannot pay").
--
-- The answer's third column replaced award_receipt_with_balance(), a wrapper that read the balance
-- after the award, under the lock (that name stays for the previous release's instances: its
-- file). A new return type needs the old function dropped first.
DROP FUNCTION IF EXISTS award_receipt(jsonb);
CREATE OR REPLACE FUNCTION award_receipt(award jsonb)
  RETURNS TABLE (receipt_id bigint, fee_kopecks bigint, buyer_points integer, points_awarded integer, message text)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  seller integer := (award->>'user_id')::int;
  action integer := (award->>'project_id')::int;
  buyer text := award->>'buyer_tg_id';
  points integer := (award->>'points')::int;
  counted bigint := (award->>'counted_kopecks')::bigint;
  purchased timestamptz := (award->>'purchased_at')::timestamptz;
  scanned_at timestamptz := (award->>'scanned_at')::timestamptz;
  -- The identity's sequence by name, resolved once per plan: pg_get_serial_sequence() looked it up in
  -- the catalogue on every check (2 % of the award's CPU in perf).
  new_receipt bigint := nextval('receipts_id_seq'::regclass);
  scanned bigint;
  balance bigint;
  price bigint;
  tier_max bigint;
  new_to_action boolean;
  new_to_seller boolean;
  expires timestamptz := (award->>'points_expires_at')::timestamptz;
  held_until timestamptz := (award->>'points_held_until')::timestamptz;
  points_after integer;
  -- Not named like bot_updates' columns: `use_column` would read those names as the columns.
  for_bot bigint := (award->'bot_update'->>'bot_id')::bigint;
  for_update bigint := (award->'bot_update'->>'update_id')::bigint;
  earlier bigint;
BEGIN
  -- The action's draws' entrants (draw_entrants): a draw starts keeping them once its window so far
  -- is counted, under this lock taken exclusively (draws/entrants.ts, `keepEntrants`). Taken shared
  -- and first, before any row: an award that started before sees the draw not kept yet and is
  -- counted with the window; one after it counts itself below; none is counted twice or missed,
  -- and an award waiting here holds nothing another award waits for.
  PERFORM pg_advisory_xact_lock_shared(4, action);

  -- A bot update's receipt is awarded once, whoever checks it (`bot_update`, absent for the
  -- cabinet's own calls). An award in flight when its instance is killed still commits here, before
  -- the bot has kept its answer, and the survivor checks the update again: it finds the receipt
  -- recorded on the update and answers it, writing nothing. The update's row is locked first, so
  -- a second check waits for an award of the same update that is still running.
  IF for_update IS NOT NULL THEN
    -- One statement in the common case: the update has no receipt yet. It waits for an award of the
    -- same update still running and, once that commits, matches nothing.
    UPDATE bot_updates u SET receipt_id = new_receipt WHERE u.bot_id = for_bot AND u.update_id = for_update AND u.receipt_id IS NULL;
    IF NOT FOUND THEN
      SELECT u.receipt_id INTO earlier FROM bot_updates u WHERE u.bot_id = for_bot AND u.update_id = for_update FOR UPDATE;
      IF EXISTS (SELECT 1 FROM receipts r WHERE r.id = earlier) THEN
        RETURN QUERY SELECT r.id, r.fee_kopecks,
                            coalesce((SELECT p.balance FROM buyer_points p WHERE p.project_id = action AND p.buyer_tg_id = buyer), 0),
                            r.points_awarded, r.message
                       FROM receipts r WHERE r.id = earlier;
        RETURN;
      END IF;
      -- (A receipt deleted since, with its action, is awarded anew.)
      UPDATE bot_updates u SET receipt_id = new_receipt WHERE u.bot_id = for_bot AND u.update_id = for_update;
    END IF;
  END IF;

  -- The webhook triggers of the rows below (receipts, points ledger, the shopper's first
  -- statistics row) join each statement's new rows with the seller's enabled endpoints, a function
  -- call and a probe per statement. Most sellers have none: one probe here tells them to skip for
  -- this award, by the WHEN clause that reads this setting. An endpoint enabled while the award runs
  -- may miss its events, as it already could: the triggers read the endpoints in their statement's
  -- snapshot, which an endpoint committed later is not in either.
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = seller AND e.enabled) THEN
    PERFORM set_config('scanapp.seller_without_webhooks', 'on', true);
  END IF;

  -- The buyer's rows: the points (the running balance, the ledger row and, when the action's
  -- points expire, their lot, written by add_points() as every credit is; `points_reason` names the
  -- receipt as {id}), the push of the new balance to PuzzleBot when the action has a bot, and the
  -- buyer's statistics. add_points() is called as a simple expression with typed arguments, not
  -- through move_points() and its jsonb: this is the hottest path (docs/decisions.md, Points). The
  -- balance the answer states is the one its upsert leaves: the row stays locked to the commit, so
  -- nothing changes it in between.
  IF points > 0 THEN
    -- A purchase's first points are no points-only shopper's nor a birthday outsider's joining: the
    -- statistics row written below does both (their triggers on buyer_stats), so the two triggers of
    -- a first buyer_points row, each a lock, a look-up and a write undone a statement later, skip
    -- while this setting is on (functions/buyer_points_only_credited.sql).
    PERFORM set_config('scanapp.crediting_a_purchase', 'on', true);
    points_after := (add_points(action, buyer, points, 'receipt', 'shopper', replace(award->>'points_reason', '{id}', new_receipt::text),
                                'receipt:' || new_receipt, scanned_at, CASE WHEN held_until IS NULL THEN expires END,
                                held_until, new_receipt, counted)).balance_after;
    PERFORM set_config('scanapp.crediting_a_purchase', '', true);
    IF (award->>'push_to_puzzlebot')::boolean THEN
      INSERT INTO puzzlebot_outbox (project_id, buyer_tg_id) VALUES (action, buyer);
    END IF;
  ELSE
    points_after := coalesce((SELECT p.balance FROM buyer_points AS p WHERE p.project_id = action AND p.buyer_tg_id = buyer), 0);
  END IF;

  -- A purchase whose points are held counts toward a level from their release (held_kopecks).
  INSERT INTO buyer_stats AS s (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at, held_kopecks)
  VALUES (seller, action, buyer, 1, counted, purchased, CASE WHEN held_until IS NOT NULL AND points > 0 THEN counted ELSE 0 END)
  ON CONFLICT (user_id, project_id, buyer_tg_id) DO UPDATE SET successful_receipts = s.successful_receipts + 1,
    total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(s.last_receipt_at, EXCLUDED.last_receipt_at),
    held_kopecks = s.held_kopecks + EXCLUDED.held_kopecks
  RETURNING s.successful_receipts = 1 INTO new_to_action;

  INSERT INTO seller_buyers AS s (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
  VALUES (seller, buyer, 1, counted, purchased)
  ON CONFLICT (user_id, buyer_tg_id) DO UPDATE SET successful_receipts = s.successful_receipts + 1,
    total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(s.last_receipt_at, EXCLUDED.last_receipt_at)
  RETURNING s.successful_receipts = 1 INTO new_to_seller;

  -- The fee (SPEC §9): the price of the tier whose bound holds the receipts the seller has
  -- already scanned (0–200 → tier 1, 201–1000 → tier 2, …, over 100 000 → tier 7; `max` is
  -- inclusive, the last tier has none). The operator's setting in billing_settings wins over the
  -- contract's default; prices are rubles with kopecks, the fee is kopecks. Read here without the
  -- seller's lock: the count only grows, so the price holds when the count read under the lock is
  -- still at most this tier's `max` (tier_max), which the charge below re-checks; two checks of one
  -- seller never pay the same place in the tier table.
  SELECT round(coalesce(s.value, (t.tier->>'fallback')::numeric) * 100)::bigint, (t.tier->>'max')::bigint INTO price, tier_max
    FROM jsonb_array_elements(award->'tiers') WITH ORDINALITY AS t(tier, n)
    LEFT JOIN billing_settings s ON s.key = t.tier->>'key'
   WHERE t.tier->>'max' IS NULL OR (SELECT u.scanned_receipts FROM users u WHERE u.id = seller) <= (t.tier->>'max')::bigint
   ORDER BY t.n
   LIMIT 1;

  -- The receipt, its items and (by the trigger) its analytics queue row. The trigger's other
  -- write, the history's counter, is the seller's shared row: this award adds its receipt to it
  -- after the lock instead (receipts_after_insert.sql reads this transaction-local setting). The
  -- items' trigger is skipped under the same setting: this award writes the action's item names
  -- and the buyer's below from the items it has in hand, where the trigger looked each item's
  -- receipt up and ran in a function of its own (0.1 ms of a check's 1.3 ms). The setting keeps
  -- its name: during a deploy the previous release's receipts trigger still reads it.
  PERFORM set_config('scanapp.receipt_counted_by_award', 'on', true);
  INSERT INTO receipts (id, user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at, total_kopecks,
                        seller_name, seller_inn, retail_place, status, message, points_awarded, counted_kopecks, dedupe, scanned_at, fee_kopecks,
                        points_rule, points_percentage, points_level)
  OVERRIDING SYSTEM VALUE
  VALUES (new_receipt, seller, action, award->>'project_name', ARRAY(SELECT jsonb_array_elements_text(award->'project_inns')), buyer,
          award->>'qr_raw', award->>'fn', award->>'fd', award->>'fp', (award->>'issued_at')::timestamptz, (award->>'total_kopecks')::bigint,
          award->>'seller_name', award->>'seller_inn', award->>'retail_place', 'success', award->>'message', points, counted,
          (award->>'dedupe')::boolean, scanned_at, price, award->>'points_rule', (award->>'points_percentage')::numeric, award->>'points_level');

  INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
  SELECT new_receipt, i.position, i.name, i.price_kopecks, i.quantity, i.sum_kopecks, i.provider_inn, i.status
    FROM jsonb_to_recordset(award->'items')
      AS i(position int, name text, price_kopecks bigint, quantity numeric, sum_kopecks bigint, provider_inn text, status text);
  PERFORM set_config('scanapp.receipt_counted_by_award', '', true);

  -- A ticket of each of the action's open draws that keep their entrants and whose window holds the
  -- receipt: the shopper's count of them there (a draw with an item keeps none, draws/entrants.ts).
  INSERT INTO draw_entrants AS e (draw_id, buyer_tg_id, tickets)
  SELECT d.id, buyer, 1
    FROM draws d
   WHERE d.project_id = action AND d.closed_at IS NULL AND d.entrants_kept AND d.created_at <= scanned_at AND scanned_at < d.closes_at
  ON CONFLICT (draw_id, buyer_tg_id) DO UPDATE SET tickets = e.tickets + 1;

  -- The item names the segment «купил товар, содержащий …» reads (receipt_items_after_insert.sql
  -- keeps them for every other writer): the counted items of this successful receipt, in the
  -- trigger's order, so two checks adding the same new names wait for each other, never deadlock.
  INSERT INTO action_item_names (project_id, name)
  SELECT DISTINCT action, i.name
    FROM jsonb_to_recordset(award->'items') AS i(name text, status text)
   WHERE i.status = 'counted'
   ORDER BY 1, 2
  ON CONFLICT (project_id, md5(name)) DO NOTHING;
  INSERT INTO buyer_item_names (name_id, buyer_tg_id)
  SELECT DISTINCT n.id, buyer
    FROM jsonb_to_recordset(award->'items') AS i(name text, status text)
    JOIN action_item_names n ON n.project_id = action AND md5(n.name) = md5(i.name)
   WHERE i.status = 'counted'
   ORDER BY 1, 2
  ON CONFLICT DO NOTHING;

  -- The shared rows, from here to the commit. One seller's checks queue here, on a lock of
  -- their own (key space 1 = a seller's awards; the job queue's locks use the one-key form), so
  -- the rows below are free when a check gets to them: one hand-over per check instead of a
  -- wait on each row. The action's row is written only to clear the message of a balance that
  -- could not pay (the server sends it only when the action it read carries it), before the
  -- seller, as an action's renewal locks them, so the two never wait for each other in a circle.
  -- The receipt above holds only KEY SHARE on the seller's and the action's rows (its foreign
  -- keys), as the buyer's rows already did, and a copy of it that another check is inserting
  -- makes this one wait before the lock, never while holding it.
  PERFORM pg_advisory_xact_lock(1, seller);
  IF award->>'clear_status_message' IS NOT NULL THEN
    UPDATE projects SET status_message = NULL WHERE id = action AND status_message = award->>'clear_status_message';
  END IF;

  -- The charge in one statement when the price read above holds and the balance covers it. NO KEY
  -- UPDATE locks (a plain UPDATE's and the fallback's): the rows above hold KEY SHARE on the
  -- seller's row through their foreign keys, which FOR UPDATE would wait for (two checks, each
  -- waiting for the other).
  UPDATE users u SET scanned_receipts = u.scanned_receipts + 1, balance_kopecks = u.balance_kopecks - price
   WHERE u.id = seller AND (tier_max IS NULL OR u.scanned_receipts <= tier_max) AND u.balance_kopecks >= price
  RETURNING u.balance_kopecks + price INTO balance;
  -- Otherwise, on the locked row: the tier moved on since the read above (the receipt's fee is
  -- corrected), or the seller cannot pay, which refuses the receipt and undoes everything above.
  IF NOT FOUND THEN
    SELECT u.scanned_receipts, u.balance_kopecks INTO scanned, balance FROM users u WHERE u.id = seller FOR NO KEY UPDATE;
    price := (SELECT round(coalesce(s.value, (t.tier->>'fallback')::numeric) * 100)::bigint
                FROM jsonb_array_elements(award->'tiers') WITH ORDINALITY AS t(tier, n)
                LEFT JOIN billing_settings s ON s.key = t.tier->>'key'
               WHERE t.tier->>'max' IS NULL OR scanned <= (t.tier->>'max')::bigint
               ORDER BY t.n
               LIMIT 1);
    IF balance < price THEN
      RAISE EXCEPTION 'the seller cannot pay for the receipt' USING ERRCODE = 'SA402';
    END IF;
    UPDATE users u SET scanned_receipts = scanned + 1, balance_kopecks = balance - price WHERE u.id = seller;
    UPDATE receipts r SET fee_kopecks = price WHERE r.id = new_receipt;
  END IF;

  -- The Buyers summaries, per action and over all of the seller's actions (project_id 0); the
  -- per-action row is also the action's count of successful receipts. Then the history's counter.
  INSERT INTO buyer_summaries AS s (user_id, project_id, buyers, successful_receipts, total_kopecks)
  VALUES (seller, action, new_to_action::int, 1, counted), (seller, 0, new_to_seller::int, 1, counted)
  ON CONFLICT (user_id, project_id) DO UPDATE SET buyers = s.buyers + EXCLUDED.buyers,
    successful_receipts = s.successful_receipts + 1, total_kopecks = s.total_kopecks + EXCLUDED.total_kopecks;
  INSERT INTO receipt_counts AS c (user_id, project_id, receipts) VALUES (seller, action, 1)
  ON CONFLICT (user_id, project_id) DO UPDATE SET receipts = c.receipts + 1;

  -- A free tier (an operator's price of 0) charges nothing, and the ledger has no zero rows.
  IF price > 0 THEN
    INSERT INTO balance_ledger (user_id, kind, amount_kopecks, balance_after_kopecks, reference, description, created_at)
    VALUES (seller, 'receipt_fee', -price, balance - price, 'receipt:' || new_receipt, award->>'fee_description', scanned_at);
  END IF;

  PERFORM set_config('scanapp.seller_without_webhooks', '', true);
  RETURN QUERY SELECT new_receipt, price, points_after, points, award->>'message';
END $$;
