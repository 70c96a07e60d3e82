-- Announces the public lists a changed headline was or is in (decision 010), read from the generated list
-- columns: the same answer the pages' queries read, so the two cannot disagree. "headlines" is the home page
-- and every headline page (any public headline), "tomorrows-news" and "yesterdays-news" their pages; the
-- submitter's receipt ("submission") follows its stage and payment.
CREATE OR REPLACE FUNCTION announce_headline_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  topics text[] := '{}';
BEGIN
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
