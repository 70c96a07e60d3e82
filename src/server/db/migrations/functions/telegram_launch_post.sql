-- A contract address set on a headline is a launch: the Telegram channel announces it once (features/telegram).
-- The database records the moment whoever sets the address (the dashboard, a script), as a pending post;
-- the Telegram job sends it when configured, or skips it once it is older than its window.
CREATE OR REPLACE FUNCTION telegram_launch_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telegram_posts (kind, subject, status, event_at)
  VALUES ('launch', NEW.id::text, 'pending', now())
  ON CONFLICT (kind, subject) DO NOTHING;
  RETURN NULL;
END
$$;
