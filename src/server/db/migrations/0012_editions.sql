-- Issue 22: a public record of every edition. Expand only: one table, one trigger.
CREATE TABLE "editions" (
	"race" timestamp with time zone PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone,
	"standings" jsonb
);--> statement-breakpoint
CREATE INDEX "editions_day_idx" ON "editions" USING btree ("day");--> statement-breakpoint
-- @include functions/edition_follows_settings.sql
--> statement-breakpoint
CREATE TRIGGER "edition_follows_settings" AFTER INSERT OR UPDATE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION edition_follows_settings();--> statement-breakpoint
-- The races before this release: the one in progress from the settings, the closed ones from their vote
-- rows. A closed race's close was not kept: a race named by its close (before 0011) knows it, a later one
-- (named by its opening) closed after its last vote. The cycle job freezes them on its first pass.
INSERT INTO "editions" ("race", "day", "closes_at")
  SELECT coalesce("race_cycle", "voting_end_time"),
    coalesce("current_day"::date, ("voting_end_time" AT TIME ZONE 'America/New_York')::date),
    "voting_end_time"
  FROM "settings" WHERE "id" = 1
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "editions" ("race", "day", "closes_at")
  SELECT v."cycle", (greatest(v."cycle", max(v."created_at")) AT TIME ZONE 'America/New_York')::date,
    greatest(v."cycle", max(v."created_at"))
  FROM "votes" v WHERE v."kind" = 'headline'
  GROUP BY v."cycle"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A frozen edition is news: the feeds and the sitemap are made again (migration 0010's announcement).
CREATE TRIGGER editions_announce_freeze AFTER UPDATE OF "frozen_at" ON "editions"
  FOR EACH ROW WHEN (OLD."frozen_at" IS DISTINCT FROM NEW."frozen_at") EXECUTE FUNCTION announce_table_change('editions');
