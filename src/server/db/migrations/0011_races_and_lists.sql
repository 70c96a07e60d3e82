-- Issue 20: two independent news lists with a race each, no vote ever deleted, unpaid promotions out of
-- the race. Expand only: columns, functions and triggers are added; nothing the previous release reads is
-- dropped (its stage names stay, mirrored from the new switches by headline_stage_mirror).
-- The previous release keeps voting while this runs (a rolling deploy). Its vote reads settings, then
-- headlines, then writes votes and vote_quota; taking every lock up front in that order means a vote either
-- finished before or waits for the whole migration. Taken one ALTER at a time (headlines, then settings),
-- a vote holding settings and waiting for headlines deadlocked with it: 500s (previous-release.test.ts).
LOCK TABLE "settings", "headlines", "votes", "vote_quota" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "race_cycle" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "tomorrow_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "listed_today" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "listed_tomorrow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "in_todays_voting" boolean GENERATED ALWAYS AS ("stage" IN ('held', 'today', 'tomorrow') AND "deleted_at" IS NULL AND "listed_today" AND ("is_paid" OR ("transaction_id" IS NULL AND "payment_reference" IS NULL))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "in_tomorrows_news" boolean GENERATED ALWAYS AS ("stage" IN ('held', 'today', 'tomorrow') AND "deleted_at" IS NULL AND "listed_tomorrow" AND ("is_paid" OR ("transaction_id" IS NULL AND "payment_reference" IS NULL))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "is_public" boolean GENERATED ALWAYS AS ("stage" NOT IN ('pending', 'rejected', 'expired') AND "deleted_at" IS NULL AND ("is_paid" OR ("transaction_id" IS NULL AND "payment_reference" IS NULL))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "race_cycle" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "void_reason" text;--> statement-breakpoint
-- The race in progress is the cycle the votes were keyed by until now.
UPDATE "settings" SET "race_cycle" = "voting_end_time";--> statement-breakpoint
-- The switches from the old exclusive stages.
UPDATE "headlines" SET "listed_today" = ("stage" = 'today'), "listed_tomorrow" = ("stage" = 'tomorrow')
  WHERE "stage" IN ('today', 'tomorrow');--> statement-breakpoint
-- Every count from its vote rows (the ledger): the Tomorrow's News race from the "tomorrow" votes (the
-- qualifying count Move Top 4 had set to 0 comes back), today's race from the headline votes of the
-- latest race each headline was voted in. A count with no vote rows behind it (set by hand) was no vote.
UPDATE "headlines" h SET "tomorrow_votes" = coalesce((
  SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'tomorrow' AND v."voided_at" IS NULL
), 0);--> statement-breakpoint
UPDATE "headlines" h SET "race_cycle" = (
  SELECT max(v."cycle") FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'headline'
);--> statement-breakpoint
UPDATE "headlines" h SET "votes" = (
  SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'headline'
    AND v."cycle" = h."race_cycle" AND v."voided_at" IS NULL
);--> statement-breakpoint
-- A headline still in play starts the race in progress from its votes in it.
UPDATE "headlines" SET "votes" = 0, "race_cycle" = NULL, "last_voted_at" = NULL
  WHERE "stage" IN ('pending', 'held', 'today', 'tomorrow')
    AND "race_cycle" IS DISTINCT FROM (SELECT "race_cycle" FROM "settings" WHERE "id" = 1);--> statement-breakpoint
UPDATE "headlines" h SET
  "hold_votes" = (SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'sentiment' AND v."sentiment" = 'hold' AND v."voided_at" IS NULL),
  "buy_votes" = (SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'sentiment' AND v."sentiment" = 'buy' AND v."voided_at" IS NULL),
  "sell_votes" = (SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'sentiment' AND v."sentiment" = 'sell' AND v."voided_at" IS NULL),
  "cto_votes" = (SELECT count(*) FROM "votes" v WHERE v."headline_id" = h."id" AND v."kind" = 'sentiment' AND v."sentiment" = 'cto' AND v."voided_at" IS NULL);--> statement-breakpoint
CREATE INDEX "headlines_todays_voting_idx" ON "headlines" ("id") WHERE "in_todays_voting";--> statement-breakpoint
CREATE INDEX "headlines_tomorrows_news_idx" ON "headlines" ("id") WHERE "in_tomorrows_news";--> statement-breakpoint
CREATE INDEX "votes_race_idx" ON "votes" ("headline_id", "kind", "cycle");--> statement-breakpoint
-- @include functions/headline_stage_mirror.sql
--> statement-breakpoint
CREATE TRIGGER "headlines_stage_mirror" BEFORE INSERT OR UPDATE OF "stage", "listed_today", "listed_tomorrow"
  ON "headlines" FOR EACH ROW EXECUTE FUNCTION headline_stage_mirror();--> statement-breakpoint
-- @include functions/headline_live_topics.sql
--> statement-breakpoint
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
--> statement-breakpoint
-- @include functions/cast_vote.sql
