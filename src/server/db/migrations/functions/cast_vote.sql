-- Casts one vote in one round trip (decision 002): counted exactly once in the race it is cast in, or
-- refused with nothing changed. The source of the database's cast_vote: the migration that changes it
-- loads this file (db/migrate-files.ts), and db/database-definitions.test.ts checks the database's text
-- against it.
--
-- Races (decisions, "Third wave"): a headline vote counts in today's race (settings.race_cycle) for a
-- headline in today's voting; a "community" vote is a sentiment on the current winner, or a vote in the
-- Tomorrow's News race for a candidate there. A headline in both lists takes both, each in its own count.
-- Which list a headline is in is the database's generated columns (in_todays_voting, in_tomorrows_news),
-- the one rule the pages read too: a promoted submission not yet paid is in neither and takes no vote.
CREATE OR REPLACE FUNCTION cast_vote(
  p_kind text,
  p_headline_id integer,
  p_vote_type text,
  p_visitor text,
  p_ip text,
  p_day date,
  p_now timestamptz,
  p_daily_limit integer,
  p_ip_hash text,
  p_network_hash text,
  p_user_agent_hash text
) RETURNS TABLE (
  outcome text,
  kind text,
  votes integer,
  hold_votes integer,
  buy_votes integer,
  sell_votes integer,
  cto_votes integer,
  votes_left integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_settings settings%ROWTYPE;
  v_race timestamptz;
  v_kind text;
  v_used integer;
  v_vote_id bigint;
BEGIN
  SELECT * INTO v_settings FROM settings WHERE id = 1;
  v_race := coalesce(v_settings.race_cycle, v_settings.voting_end_time);

  IF p_kind = 'headline' THEN
    PERFORM 1 FROM headlines h WHERE h.id = p_headline_id AND h.in_todays_voting;
    IF NOT FOUND THEN RETURN QUERY SELECT 'not_found', NULL::text, 0, 0, 0, 0, 0, NULL::integer; RETURN; END IF;
    IF p_now >= v_settings.voting_end_time THEN
      RETURN QUERY SELECT 'ended', 'headline', 0, 0, 0, 0, 0, NULL::integer; RETURN;
    END IF;
    v_kind := 'headline';
  ELSIF EXISTS (SELECT 1 FROM headlines w WHERE w.id = p_headline_id AND w.stage = 'winner') THEN
    -- Sentiment on the winner stays open after voting ends: it is crowned at that moment.
    v_kind := 'sentiment';
  ELSE
    PERFORM 1 FROM headlines h WHERE h.id = p_headline_id AND h.in_tomorrows_news;
    IF NOT FOUND THEN RETURN QUERY SELECT 'not_found', NULL::text, 0, 0, 0, 0, 0, NULL::integer; RETURN; END IF;
    IF p_vote_type <> 'buy' THEN
      RETURN QUERY SELECT 'bad_type', 'tomorrow', 0, 0, 0, 0, 0, NULL::integer; RETURN;
    END IF;
    IF p_now >= v_settings.voting_end_time THEN
      RETURN QUERY SELECT 'ended', 'tomorrow', 0, 0, 0, 0, 0, NULL::integer; RETURN;
    END IF;
    v_kind := 'tomorrow';
  END IF;

  BEGIN
    INSERT INTO votes (kind, headline_id, sentiment, visitor_id, day, cycle, ip_hash, network_hash, user_agent_hash)
      VALUES (v_kind, p_headline_id, CASE WHEN v_kind = 'sentiment' THEN p_vote_type END, p_visitor, p_day,
              v_race, p_ip_hash, p_network_hash, p_user_agent_hash)
      ON CONFLICT DO NOTHING
      RETURNING id INTO v_vote_id;
    IF v_vote_id IS NULL THEN
      RETURN QUERY SELECT 'already', v_kind, 0, 0, 0, 0, 0, NULL::integer; RETURN;
    END IF;

    INSERT INTO vote_quota AS q (ip, day, used) VALUES (p_ip, p_day, 1)
      ON CONFLICT (ip, day) DO UPDATE SET used = q.used + 1 WHERE q.used < p_daily_limit
      RETURNING q.used INTO v_used;
    IF v_used IS NULL THEN
      RAISE EXCEPTION 'daily vote limit' USING ERRCODE = 'P0001';
    END IF;
  EXCEPTION WHEN raise_exception THEN
    RETURN QUERY SELECT 'limit', v_kind, 0, 0, 0, 0, 0, 0; RETURN;
  END;

  -- A headline's count names its race: the first vote of a new race starts it at 1, whatever the count of
  -- the race before (whose votes stay in their rows). The answer's votes is the count of the vote's race.
  RETURN QUERY
    UPDATE headlines h SET
      votes = CASE
        WHEN v_kind <> 'headline' THEN h.votes
        WHEN h.race_cycle IS NOT DISTINCT FROM v_race THEN h.votes + 1
        ELSE 1 END,
      race_cycle = CASE WHEN v_kind = 'headline' THEN v_race ELSE h.race_cycle END,
      last_voted_at = CASE WHEN v_kind = 'headline' THEN p_now ELSE h.last_voted_at END,
      tomorrow_votes = h.tomorrow_votes + CASE WHEN v_kind = 'tomorrow' THEN 1 ELSE 0 END,
      hold_votes = h.hold_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'hold' THEN 1 ELSE 0 END,
      buy_votes = h.buy_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'buy' THEN 1 ELSE 0 END,
      sell_votes = h.sell_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'sell' THEN 1 ELSE 0 END,
      cto_votes = h.cto_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'cto' THEN 1 ELSE 0 END
    WHERE h.id = p_headline_id
    RETURNING 'ok'::text, v_kind, CASE WHEN v_kind = 'tomorrow' THEN h.tomorrow_votes ELSE h.votes END,
      h.hold_votes, h.buy_votes, h.sell_votes, h.cto_votes, p_daily_limit - v_used;
END;
$$;
