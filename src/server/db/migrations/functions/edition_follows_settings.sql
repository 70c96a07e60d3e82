-- The open race's edition follows the settings: its day and its close move with them, and a new race gets
-- its row. A race whose close has passed, or whose standings are frozen, is never changed again (staff
-- setting times after the close open a new race: features/headlines/races.ts).
CREATE OR REPLACE FUNCTION edition_follows_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO editions (race, day, closes_at)
  VALUES (
    coalesce(NEW.race_cycle, NEW.voting_end_time),
    coalesce(NEW.current_day::date, (NEW.voting_end_time AT TIME ZONE 'America/New_York')::date),
    NEW.voting_end_time
  )
  ON CONFLICT (race) DO UPDATE SET day = EXCLUDED.day, closes_at = EXCLUDED.closes_at
    WHERE editions.frozen_at IS NULL AND editions.closes_at > now();
  RETURN NULL;
END
$$;
