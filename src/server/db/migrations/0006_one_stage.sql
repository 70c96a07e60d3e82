-- One stage per headline (decision 007). The seven flags become one `stage` plus the facts that are not
-- stages (is_paid, imported_news, old_news_at = on Yesterday's News since). Every existing row is mapped,
-- first match wins:
--   the settings' current winner                          -> winner
--   any other is_winner                                   -> past_winner (a replaced winner that had vanished
--                                                            gets the Archive entry it never got)
--   is_old_news, or approved with a contract address      -> launched (it was on Yesterday's News)
--   not approved                                          -> rejected when staff rejected its payment, else pending
--   is_todays_news (also when in tomorrow's news too)     -> today
--   is_tomorrows_news                                     -> tomorrow
--   otherwise (approved, in neither list)                 -> held
CREATE TABLE "headline_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"headline_id" integer,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "headline_transitions" ADD CONSTRAINT "headline_transitions_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_transitions" ADD CONSTRAINT "headline_transitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headline_transitions_headline_idx" ON "headline_transitions" USING btree ("headline_id","created_at");--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "stage" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "headlines" h SET "stage" = CASE
    WHEN h.id = (SELECT s.current_winner_id FROM "settings" s WHERE s.id = 1) THEN 'winner'
    WHEN h.is_winner THEN 'past_winner'
    WHEN h.is_old_news OR (h.is_approved AND h.contract_address IS NOT NULL) THEN 'launched'
    WHEN NOT h.is_approved AND h.transaction_id IS NOT NULL AND h.payment_note = 'Rejected by staff' THEN 'rejected'
    WHEN NOT h.is_approved THEN 'pending'
    WHEN h.is_todays_news THEN 'today'
    WHEN h.is_tomorrows_news THEN 'tomorrow'
    ELSE 'held'
  END;--> statement-breakpoint
UPDATE "headlines" h SET "old_news_at" = CASE
    WHEN h.stage = 'launched' THEN coalesce(h.old_news_at, h.created_at)
    WHEN h.stage IN ('winner', 'past_winner') AND (h.is_old_news OR h.contract_address IS NOT NULL)
      THEN coalesce(h.old_news_at, h.created_at)
    ELSE NULL
  END;--> statement-breakpoint
UPDATE "headlines" SET "is_paid" = false WHERE "transaction_id" IS NULL AND "is_paid";--> statement-breakpoint
-- A winner appears in the Archive once: later copies of one headline's entry go.
DELETE FROM "archive_entries" a USING "archive_entries" b
  WHERE a.headline_id = b.headline_id AND a.id > b.id;--> statement-breakpoint
INSERT INTO "archive_entries" ("headline_id", "title", "description", "image_url", "votes", "meme_coin", "launch_date")
  SELECT h.id, h.title, h.description, h.image_url, h.votes, coalesce(h.symbol, h.title),
         (coalesce(h.last_voted_at, h.created_at) AT TIME ZONE 'America/New_York')::date
  FROM "headlines" h
  WHERE h.stage = 'past_winner' AND NOT h.is_old_news
    AND NOT EXISTS (SELECT 1 FROM "archive_entries" a WHERE a.headline_id = h.id);--> statement-breakpoint
INSERT INTO "headline_transitions" ("headline_id", "from_stage", "to_stage", "action", "actor")
  SELECT h.id, NULL, h.stage, 'migrate', 'migration' FROM "headlines" h;--> statement-breakpoint
DROP INDEX "headlines_voting_idx";--> statement-breakpoint
DROP INDEX "headlines_tomorrow_idx";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_current_winner_id_headlines_id_fk";--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "current_winner_id";--> statement-breakpoint
ALTER TABLE "headlines" DROP COLUMN "is_approved";--> statement-breakpoint
ALTER TABLE "headlines" DROP COLUMN "is_winner";--> statement-breakpoint
ALTER TABLE "headlines" DROP COLUMN "is_todays_news";--> statement-breakpoint
ALTER TABLE "headlines" DROP COLUMN "is_tomorrows_news";--> statement-breakpoint
ALTER TABLE "headlines" DROP COLUMN "is_old_news";--> statement-breakpoint
CREATE UNIQUE INDEX "archive_one_entry_per_headline" ON "archive_entries" USING btree ("headline_id");--> statement-breakpoint
CREATE INDEX "headlines_stage_idx" ON "headlines" USING btree ("stage","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "headlines_one_winner" ON "headlines" USING btree ("stage") WHERE "headlines"."stage" = 'winner';--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_stage_known" CHECK ("headlines"."stage" IN ('pending', 'rejected', 'held', 'tomorrow', 'today', 'winner', 'past_winner', 'launched'));--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_rejected_has_payment" CHECK ("headlines"."stage" <> 'rejected' OR "headlines"."transaction_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_paid_has_payment" CHECK (NOT "headlines"."is_paid" OR "headlines"."transaction_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_yesterday_stages" CHECK ("headlines"."old_news_at" IS NULL OR "headlines"."stage" IN ('winner', 'past_winner', 'launched'));--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_launched_on_yesterday" CHECK ("headlines"."stage" <> 'launched' OR "headlines"."old_news_at" IS NOT NULL);--> statement-breakpoint
-- cast_vote (migration 0001) with its eligibility read from the stage; everything else unchanged.
CREATE OR REPLACE FUNCTION cast_vote(
  p_kind text,
  p_headline_id integer,
  p_vote_type text,
  p_visitor text,
  p_ip text,
  p_day date,
  p_now timestamptz,
  p_daily_limit integer
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
    INSERT INTO votes (kind, headline_id, sentiment, visitor_id, ip, day, cycle)
      VALUES (v_kind, p_headline_id, CASE WHEN v_kind = 'sentiment' THEN p_vote_type END, p_visitor, p_ip, p_day,
              v_settings.voting_end_time)
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
