CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "archive_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"headline_id" integer,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"votes" integer DEFAULT 0 NOT NULL,
	"meme_coin" text,
	"launch_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"submitted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_winner" boolean DEFAULT false NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"is_todays_news" boolean DEFAULT false NOT NULL,
	"is_tomorrows_news" boolean DEFAULT false NOT NULL,
	"is_old_news" boolean DEFAULT false NOT NULL,
	"old_news_at" timestamp with time zone,
	"imported_news" boolean DEFAULT false NOT NULL,
	"launch_status" text,
	"launch_date" text,
	"transaction_id" text,
	"payment_note" text,
	"article_url" text,
	"twitter_url" text,
	"website_url" text,
	"contract_address" text,
	"buy_url" text,
	"chart_url" text,
	"symbol" text,
	"price" double precision,
	"market_cap" double precision,
	"volume_24h" double precision,
	"source" text,
	"source_url" text,
	"hold_votes" integer DEFAULT 0 NOT NULL,
	"buy_votes" integer DEFAULT 0 NOT NULL,
	"sell_votes" integer DEFAULT 0 NOT NULL,
	"cto_votes" integer DEFAULT 0 NOT NULL,
	"last_voted_at" timestamp with time zone,
	"submitter_ip" text,
	CONSTRAINT "headlines_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "headlines_votes_nonnegative" CHECK ("headlines"."votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"voting_end_time" timestamp with time zone NOT NULL,
	"launch_time" timestamp with time zone NOT NULL,
	"current_day" text,
	"schedule_mode" text DEFAULT 'daily' NOT NULL,
	"current_winner_id" integer,
	"winner_selected_for" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "vote_quota" (
	"ip" text NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "vote_quota_ip_day_pk" PRIMARY KEY("ip","day"),
	CONSTRAINT "vote_quota_max" CHECK ("vote_quota"."used" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"headline_id" integer NOT NULL,
	"sentiment" text,
	"visitor_id" text NOT NULL,
	"ip" text NOT NULL,
	"day" date NOT NULL,
	"cycle" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_sentiment_matches_kind" CHECK (("votes"."kind" = 'sentiment') = ("votes"."sentiment" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "archive_entries" ADD CONSTRAINT "archive_entries_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_current_winner_id_headlines_id_fk" FOREIGN KEY ("current_winner_id") REFERENCES "public"."headlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_launch_date_idx" ON "archive_entries" USING btree ("launch_date");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "headlines_voting_idx" ON "headlines" USING btree ("is_approved","is_todays_news","is_winner");--> statement-breakpoint
CREATE INDEX "headlines_tomorrow_idx" ON "headlines" USING btree ("is_approved","is_tomorrows_news");--> statement-breakpoint
CREATE INDEX "headlines_submitter_ip_idx" ON "headlines" USING btree ("submitter_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "headlines_source_url_idx" ON "headlines" USING btree ("source_url");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "notifications_expires_idx" ON "notifications" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_one_headline_vote_per_cycle" ON "votes" USING btree ("visitor_id","cycle") WHERE "votes"."kind" = 'headline';--> statement-breakpoint
CREATE UNIQUE INDEX "votes_one_sentiment_per_winner" ON "votes" USING btree ("visitor_id","headline_id") WHERE "votes"."kind" = 'sentiment';--> statement-breakpoint
CREATE UNIQUE INDEX "votes_one_tomorrow_vote_per_candidate" ON "votes" USING btree ("visitor_id","headline_id") WHERE "votes"."kind" = 'tomorrow';--> statement-breakpoint
CREATE INDEX "votes_headline_idx" ON "votes" USING btree ("headline_id");