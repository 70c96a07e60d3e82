-- A race opening is announced on the Telegram channel once (features/telegram). The database records the
-- moment the race opens (settings.race_cycle moves on to a new race: features/headlines/races.ts) as a
-- pending post whose subject is the race's name written as the Telegram job writes it (ISO 8601, UTC,
-- milliseconds); the job sends it when configured, or skips it once it is older than its window. The
-- opening is this moment, not the name: the race after one staff shortened is named one millisecond after
-- the race before, whose name may be a close still ahead (a race named by its close), so its name can be
-- ahead of the clock for as long as it is open.
CREATE OR REPLACE FUNCTION telegram_race_open_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telegram_posts (kind, subject, status, event_at)
  VALUES (
    'race_open',
    to_char(NEW.race_cycle AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'pending',
    now()
  )
  ON CONFLICT (kind, subject) DO NOTHING;
  RETURN NULL;
END
$$;
