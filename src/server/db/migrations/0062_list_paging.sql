-- The support inbox and the moderation queue are read a page at a time by a keyset cursor
-- (docs/decisions.md, "Long cabinet lists by keyset"). Each page is a range of one index read from
-- where the previous page ended, so its cost does not grow with the list (50 000 threads or
-- 20 000 items at the scale bench) nor with how deep the page is.

-- A page of an action's threads of one status, newest activity first; the list merges the ranges
-- of the seller's actions and of the statuses asked for. It replaces the index by activity alone.
DROP INDEX support_threads_activity;
CREATE INDEX support_threads_list ON support_threads (project_id, status, last_message_at DESC, id DESC);
-- Every page says how many threads wait for an answer: counted from this index alone (12 500 of
-- the bench's 50 000 threads were 23 ms through the heap).
CREATE INDEX support_threads_unanswered ON support_threads (project_id) WHERE status = 'open' AND last_author = 'shopper';

-- The two parts of an action's queue: the waiting items oldest first (their count, on every page,
-- from this index alone: 5 000 of the bench's 20 000 were 24 ms through the heap), and the decided
-- ones newest decision first.
CREATE INDEX moderation_items_pending ON moderation_items (project_id, id) WHERE status = 'pending';
CREATE INDEX moderation_items_decided ON moderation_items (project_id, decided_at DESC, id DESC) WHERE status <> 'pending';
