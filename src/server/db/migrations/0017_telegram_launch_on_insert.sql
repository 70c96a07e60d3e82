-- A headline inserted with its contract address already set (the admin token import, "Generate token from
-- address") is a launch too, but 0013's trigger runs only on an update of the address, so it was never
-- announced. Expand only: one more trigger on the same function (0013's), whose ON CONFLICT keeps it to one
-- post per headline.
CREATE TRIGGER "telegram_launch_post_on_insert" AFTER INSERT ON "headlines"
  FOR EACH ROW WHEN (NEW."contract_address" IS NOT NULL)
  EXECUTE FUNCTION telegram_launch_post();
