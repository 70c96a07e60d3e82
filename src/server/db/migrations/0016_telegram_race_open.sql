-- @include functions/telegram_race_open_post.sql
--> statement-breakpoint
-- The race after one staff shortened was never announced on Telegram: its name (one millisecond after the
-- race before) can be ahead of the clock, and the Telegram job announced only a race named in the past
-- hour. The database now records each opening, as it records a launch (0013). Expand only: one function,
-- one trigger. A race opens forward (openRace names it after the race before): the settings inserted at the
-- first start (a race named by its close, no opening to announce) and a name moved back by hand are not
-- openings.
CREATE TRIGGER "telegram_race_open_post" AFTER UPDATE OF "race_cycle" ON "settings"
  FOR EACH ROW WHEN (NEW."race_cycle" IS NOT NULL AND (OLD."race_cycle" IS NULL OR NEW."race_cycle" > OLD."race_cycle"))
  EXECUTE FUNCTION telegram_race_open_post();
