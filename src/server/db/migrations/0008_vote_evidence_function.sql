-- cast_vote as in migration 0006 (eligibility read from the stage), with the vote evidence: the keyed hashes of the IP, of its network and of
-- the user agent (worked out by votes.service.ts, which holds the secret) are stored on the vote row, and
-- the raw IP no longer is. p_ip stays the daily quota's key (vote_quota). Nothing else changes.
DROP FUNCTION cast_vote(text, integer, text, text, text, date, timestamptz, integer);
--> statement-breakpoint
CREATE FUNCTION cast_vote(
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
  v_kind text;
  v_used integer;
  v_vote_id bigint;
BEGIN
  SELECT * INTO v_settings FROM settings WHERE id = 1;

  IF p_kind = 'headline' THEN
    PERFORM 1 FROM headlines h
      WHERE h.id = p_headline_id AND h.stage = 'today' AND (h.transaction_id IS NULL OR h.is_paid);
    IF NOT FOUND THEN RETURN QUERY SELECT 'not_found', NULL::text, 0, 0, 0, 0, 0, NULL::integer; RETURN; END IF;
    IF p_now >= v_settings.voting_end_time THEN
      RETURN QUERY SELECT 'ended', 'headline', 0, 0, 0, 0, 0, NULL::integer; RETURN;
    END IF;
    v_kind := 'headline';
  ELSIF EXISTS (SELECT 1 FROM headlines w WHERE w.id = p_headline_id AND w.stage = 'winner') THEN
    -- Sentiment on the winner stays open after voting ends: it is crowned at that moment.
    v_kind := 'sentiment';
  ELSE
    PERFORM 1 FROM headlines h
      WHERE h.id = p_headline_id AND h.stage = 'tomorrow';
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
              v_settings.voting_end_time, p_ip_hash, p_network_hash, p_user_agent_hash)
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

  RETURN QUERY
    UPDATE headlines h SET
      votes = h.votes + CASE WHEN v_kind = 'sentiment' THEN 0 ELSE 1 END,
      last_voted_at = CASE WHEN v_kind = 'sentiment' THEN h.last_voted_at ELSE p_now END,
      hold_votes = h.hold_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'hold' THEN 1 ELSE 0 END,
      buy_votes = h.buy_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'buy' THEN 1 ELSE 0 END,
      sell_votes = h.sell_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'sell' THEN 1 ELSE 0 END,
      cto_votes = h.cto_votes + CASE WHEN v_kind = 'sentiment' AND p_vote_type = 'cto' THEN 1 ELSE 0 END
    WHERE h.id = p_headline_id
    RETURNING 'ok'::text, v_kind, h.votes, h.hold_votes, h.buy_votes, h.sell_votes, h.cto_votes, p_daily_limit - v_used;
END;
$$;
