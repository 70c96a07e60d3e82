-- Issue 22: the Telegram channel's posts, each once (features/telegram). Expand only: one table, one trigger.
CREATE TABLE "telegram_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone,
	"message_id" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_posts_kind_known" CHECK ("telegram_posts"."kind" IN ('race_open', 'reminder', 'winner', 'launch', 'test')),
	CONSTRAINT "telegram_posts_status_known" CHECK ("telegram_posts"."status" IN ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_posts_kind_subject_idx" ON "telegram_posts" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "telegram_posts_created_idx" ON "telegram_posts" USING btree ("created_at");--> statement-breakpoint
-- @include functions/telegram_launch_post.sql
--> statement-breakpoint
-- Only a new address is a launch (a correction of the address is not announced again: the post is per headline).
CREATE TRIGGER "telegram_launch_post" AFTER UPDATE OF "contract_address" ON "headlines"
  FOR EACH ROW WHEN (NEW."contract_address" IS NOT NULL AND OLD."contract_address" IS NULL)
  EXECUTE FUNCTION telegram_launch_post();
