-- @include functions/announce_headline_change.sql
--> statement-breakpoint
-- Issue 28: a vote's announcement of its change costs less. The trigger function's body only (0011's
-- announce_headline_change, which 0011 now holds inlined as it ran): an update that leaves a headline's lists
-- and its receipt's stage and payment as they were announces the row's own lists without the union and sort.
-- The same announcements as before for every change (events/live-events.test.ts). Expand only: the previous
-- release's writes announce what they announced.
COMMENT ON FUNCTION announce_headline_change() IS 'Announces on mg_change the public lists a changed headline was or is in (migrations/functions/announce_headline_change.sql).';
