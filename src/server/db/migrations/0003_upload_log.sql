CREATE TABLE "upload_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_log_ip_idx" ON "upload_log" USING btree ("ip","created_at");