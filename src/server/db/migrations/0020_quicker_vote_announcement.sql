-- Announces the public lists a changed headline was or is in (decision 010), read from the generated list
-- columns: the same answer the pages' queries read, so the two cannot disagree. "headlines" is the home page
-- and every headline page (any public headline), "tomorrows-news" and "yesterdays-news" their pages; the
-- submitter's receipt ("submission") follows its stage and payment.
CREATE OR REPLACE FUNCTION announce_headline_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  topics text[] := '{}';
BEGIN
  -- A vote, and most other updates, leave a headline's lists and its receipt's stage and payment as they
  -- were: its topics are then the row's own, already distinct and in order, without the union and sort
  -- below (migration 0020: that work was a tenth of a vote's time in the embedded database).
  IF TG_OP = 'UPDATE'
      AND (OLD.is_public, OLD.in_tomorrows_news, OLD.old_news_at, OLD.stage, OLD.is_paid, OLD.payment_note,
           OLD.transaction_id)
        IS NOT DISTINCT FROM (NEW.is_public, NEW.in_tomorrows_news, NEW.old_news_at, NEW.stage, NEW.is_paid,
           NEW.payment_note, NEW.transaction_id) THEN
    topics := headline_live_topics(NEW.is_public, NEW.in_tomorrows_news, NEW.old_news_at);
    IF cardinality(topics) > 0 THEN
      PERFORM pg_notify('mg_change', array_to_string(topics, ','));
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    topics := topics || headline_live_topics(OLD.is_public, OLD.in_tomorrows_news, OLD.old_news_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    topics := topics || headline_live_topics(NEW.is_public, NEW.in_tomorrows_news, NEW.old_news_at);
    IF NEW.receipt IS NOT NULL AND (TG_OP = 'INSERT'
        OR (OLD.stage, OLD.is_paid, OLD.payment_note, OLD.transaction_id)
           IS DISTINCT FROM (NEW.stage, NEW.is_paid, NEW.payment_note, NEW.transaction_id)) THEN
      topics := topics || 'submission'::text;
    END IF;
  END IF;
  IF cardinality(topics) > 0 THEN
    PERFORM pg_notify('mg_change', array_to_string(ARRAY(SELECT DISTINCT unnest(topics) ORDER BY 1), ','));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Issue 28: a vote's announcement of its change costs less. The trigger function's body only (0011's
-- announce_headline_change, which 0011 now holds inlined as it ran): an update that leaves a headline's lists
-- and its receipt's stage and payment as they were announces the row's own lists without the union and sort.
-- The same announcements as before for every change (events/live-events.test.ts). Expand only: the previous
-- release's writes announce what they announced.
COMMENT ON FUNCTION announce_headline_change() IS 'Announces on mg_change the public lists a changed headline was or is in (migrations/functions/announce_headline_change.sql).';
