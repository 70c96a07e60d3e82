-- @include functions/announce_headline_change.sql
--> statement-breakpoint
-- Issue 28: a change that moved only counts (a vote, a market refresh) says so after its topics, with the word
-- "counts": the first paints compare no list for it (decision 015, amendment of 2026-12-07). The trigger
-- function's body only; the same topics as before for every change. Expand only: the previous release reads
-- the topics and passes over the word, as it passes over any word that is not a topic.
COMMENT ON FUNCTION announce_headline_change() IS 'Announces on mg_change the public lists a changed headline was or is in, and "counts" when only its counts changed (migrations/functions/announce_headline_change.sql).';
