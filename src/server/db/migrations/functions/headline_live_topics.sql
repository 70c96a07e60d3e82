-- The live-update topics (src/common/live.ts) of a headline, from its generated list columns.
CREATE OR REPLACE FUNCTION headline_live_topics(p_public boolean, p_tomorrow boolean, p_old_news_at timestamptz)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN p_public THEN 'headlines' END,
    CASE WHEN p_tomorrow THEN 'tomorrows-news' END,
    CASE WHEN p_public AND p_old_news_at IS NOT NULL THEN 'yesterdays-news' END
  ], NULL)
$$;
