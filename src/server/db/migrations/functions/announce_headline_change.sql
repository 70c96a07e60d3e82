-- Announces the public lists a changed headline was or is in (decision 010), read from the generated list
-- columns: the same answer the pages' queries read, so the two cannot disagree. "headlines" is the home page
-- and every headline page (any public headline), "tomorrows-news" and "yesterdays-news" their pages; the
-- submitter's receipt ("submission") follows its stage and payment.
--
-- After the topics, the word "counts" (migration 0021) when the update changed nothing but counts: a vote's
-- tallies and its race, a market refresh's figures, a payment check's time. What the lists show kept its
-- shape (decision 015): the first paints compare nothing for it. A process that does not know the word reads
-- the topics alone, as before.
CREATE OR REPLACE FUNCTION announce_headline_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  topics text[] := '{}';
  counted headlines%ROWTYPE;
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
      -- Counts only when the row as it was, given the new counts, is the row as it is (every other column,
      -- a column added later included, compared).
      counted := OLD;
      counted.votes := NEW.votes;
      counted.race_cycle := NEW.race_cycle;
      counted.tomorrow_votes := NEW.tomorrow_votes;
      counted.hold_votes := NEW.hold_votes;
      counted.buy_votes := NEW.buy_votes;
      counted.sell_votes := NEW.sell_votes;
      counted.cto_votes := NEW.cto_votes;
      counted.last_voted_at := NEW.last_voted_at;
      counted.price := NEW.price;
      counted.market_cap := NEW.market_cap;
      counted.volume_24h := NEW.volume_24h;
      counted.price_change_24h := NEW.price_change_24h;
      counted.liquidity_usd := NEW.liquidity_usd;
      counted.payment_checked_at := NEW.payment_checked_at;
      IF counted IS NOT DISTINCT FROM NEW THEN
        topics := topics || 'counts'::text;
      END IF;
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
