-- Issue 30: the autopilot's switch and settings, each step's run (the claim that makes it run once), and what
-- the close decided when it did not crown at once (a proposal in its veto window, a burst's hold, a race left
-- to the editors). Expand only: three tables and one nullable settings column. Independent of 0018.
CREATE TABLE "autopilot" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"quorum_voters" integer DEFAULT 5 NOT NULL,
	"min_lead" integer DEFAULT 1 NOT NULL,
	"veto_minutes" integer DEFAULT 30 NOT NULL,
	"import_hour" integer DEFAULT 6 NOT NULL,
	"launch_delayed_hour" integer DEFAULT 23 NOT NULL,
	"import_sources" jsonb DEFAULT '["news"]'::jsonb NOT NULL,
	"trusted_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_single_row" CHECK ("autopilot"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "autopilot_runs" (
	"step" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"result" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	CONSTRAINT "autopilot_runs_step_subject_pk" PRIMARY KEY("step","subject"),
	CONSTRAINT "autopilot_runs_status_known" CHECK ("autopilot_runs"."status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "crown_holds" (
	"race" timestamp with time zone PRIMARY KEY NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"headline_id" integer,
	"reason" text,
	"voters" integer,
	"lead" integer,
	"crown_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"vetoed_by" text,
	"veto_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crown_holds_kind_known" CHECK ("crown_holds"."kind" IN ('proposal', 'burst')),
	CONSTRAINT "crown_holds_status_known" CHECK ("crown_holds"."status" IN ('pending', 'crowned', 'awaiting', 'vetoed'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "launch_delayed_for" integer;--> statement-breakpoint
ALTER TABLE "crown_holds" ADD CONSTRAINT "crown_holds_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopilot_runs_started_idx" ON "autopilot_runs" USING btree ("started_at");
