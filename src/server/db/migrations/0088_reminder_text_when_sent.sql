-- An expiry reminder is queued with what it tells (the points and when they expire) and its text
-- is written when it is sent: a batch of reminders is then one statement in the database, its lots
-- and notices never passing through the server. Built in the server, each batch's rows and notices
-- (≈ 150 KB for 200 lots) outlived V8's young collections, and a day's 100 000 reminders raised the
-- server's memory by 91 MiB before a full collection took it back (docs/benchmarks.md, "Scale").
-- Every other notice keeps its text.
ALTER TABLE buyer_notices ALTER COLUMN text DROP NOT NULL;
ALTER TABLE buyer_notices ADD COLUMN expiring jsonb;
ALTER TABLE buyer_notices ADD CONSTRAINT buyer_notices_text_or_expiring CHECK (text IS NOT NULL OR expiring IS NOT NULL);
