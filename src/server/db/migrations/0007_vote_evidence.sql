CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "user_agent_hash" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "votes_evidence_age_idx" ON "votes" USING btree ("created_at") WHERE "votes"."ip_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" DROP COLUMN "ip";