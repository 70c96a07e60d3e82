-- Issue 29: the paper's coin launches from the dashboard (decision 016). Expand only: two new tables, the
-- rule that an edition has one launch of each kind under way (a partial unique index), and the live-update
-- announcement of every change of a launch (the public receipt /launch/{day} follows it).
CREATE TABLE "coin_metadata" (
	"mint" text PRIMARY KEY NOT NULL,
	"headline_id" integer NOT NULL,
	"document" text NOT NULL,
	"image_type" text NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"headline_id" integer NOT NULL,
	"edition_day" date NOT NULL,
	"mint" text NOT NULL,
	"wallet" text NOT NULL,
	"account_id" integer,
	"username" text NOT NULL,
	"state" text NOT NULL,
	"message" "bytea" NOT NULL,
	"blockhash" text NOT NULL,
	"last_valid_block_height" bigint NOT NULL,
	"summary" jsonb NOT NULL,
	"signature" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "launches_signature_unique" UNIQUE("signature"),
	CONSTRAINT "launches_kind_known" CHECK ("launches"."kind" IN ('launch', 'sell', 'buyback')),
	CONSTRAINT "launches_state_known" CHECK ("launches"."state" IN ('prepared', 'sent', 'confirmed', 'expired', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "coin_metadata" ADD CONSTRAINT "coin_metadata_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launches_one_live_per_edition" ON "launches" USING btree ("kind","edition_day") WHERE "launches"."state" IN ('prepared', 'sent');--> statement-breakpoint
CREATE INDEX "launches_headline_idx" ON "launches" USING btree ("headline_id");--> statement-breakpoint
CREATE INDEX "launches_edition_idx" ON "launches" USING btree ("edition_day");--> statement-breakpoint
CREATE TRIGGER launches_announce_insert_delete AFTER INSERT OR DELETE ON "launches"
  FOR EACH ROW EXECUTE FUNCTION announce_table_change('launches');
--> statement-breakpoint
CREATE TRIGGER launches_announce_update AFTER UPDATE ON "launches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_table_change('launches');
