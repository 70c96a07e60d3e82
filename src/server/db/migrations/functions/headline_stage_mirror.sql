-- Keeps the stage of a headline in play (held, today, tomorrow) as the previous release read it, from the
-- staff's two switches: 'today' when it is listed today, else 'tomorrow' when listed tomorrow, else 'held'.
-- This release reads the switches (listed_today, listed_tomorrow) and the generated list columns, never
-- these three names apart: they are one stage for it. The mirror lets the previous release, still running
-- during a rolling deploy, show the same lists; it can be dropped with the three names one release later.
CREATE OR REPLACE FUNCTION headline_stage_mirror() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage IN ('held', 'today', 'tomorrow') THEN
    NEW.stage := CASE WHEN NEW.listed_today THEN 'today' WHEN NEW.listed_tomorrow THEN 'tomorrow' ELSE 'held' END;
  END IF;
  RETURN NEW;
END
$$;
