-- Live updates are announced by the database itself (issue 14): whatever changes a list, a route, a job
-- (market figures, payment checks, the automatic winner, image clean-up) or a hand-written statement, tells
-- every listening process on commit, through NOTIFY on "mg_change". The payload names the lists that changed,
-- with the names of src/common/live.ts; LiveEvents (src/server/events/live-events.ts) coalesces them.
-- NOTIFY sends one message per distinct payload per transaction, so a statement touching many rows announces
-- each list once.

-- The public lists a headline appears in, from its stage (decision 007): "headlines" is the home page and
-- every headline page (/h/{id}, query key ["headlines", id]), so it names any published headline.
CREATE FUNCTION live_topics_of_headline(p_stage text, p_old_news_at timestamptz) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN p_stage NOT IN ('pending', 'rejected', 'expired') THEN 'headlines' END,
    CASE WHEN p_stage = 'tomorrow' THEN 'tomorrows-news' END,
    CASE WHEN p_old_news_at IS NOT NULL THEN 'yesterdays-news' END
  ], NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION announce_headline_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  topics text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    topics := topics || live_topics_of_headline(OLD.stage, OLD.old_news_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    topics := topics || live_topics_of_headline(NEW.stage, NEW.old_news_at);
    -- The submitter's receipt shows the stage, the payment and its note (payment-status.ts), nothing else.
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
-- Every change but a write that changes nothing (the market job writing the same figures again).
CREATE TRIGGER headlines_announce_insert_delete AFTER INSERT OR DELETE ON "headlines"
  FOR EACH ROW EXECUTE FUNCTION announce_headline_change();
--> statement-breakpoint
CREATE TRIGGER headlines_announce_update AFTER UPDATE ON "headlines"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_headline_change();
--> statement-breakpoint
-- The other lists are one table each: the trigger's argument names the list. Like the headlines, a write
-- that changes nothing announces nothing (the cycle job saving the settings it read, say).
CREATE FUNCTION announce_table_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mg_change', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER archive_entries_announce_insert_delete AFTER INSERT OR DELETE ON "archive_entries"
  FOR EACH ROW EXECUTE FUNCTION announce_table_change('archive');
--> statement-breakpoint
CREATE TRIGGER archive_entries_announce_update AFTER UPDATE ON "archive_entries"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_table_change('archive');
--> statement-breakpoint
CREATE TRIGGER notifications_announce_insert_delete AFTER INSERT OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION announce_table_change('notifications');
--> statement-breakpoint
CREATE TRIGGER notifications_announce_update AFTER UPDATE ON "notifications"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_table_change('notifications');
--> statement-breakpoint
CREATE TRIGGER settings_announce_insert_delete AFTER INSERT OR DELETE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION announce_table_change('settings');
--> statement-breakpoint
CREATE TRIGGER settings_announce_update AFTER UPDATE ON "settings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_table_change('settings');
