ALTER TABLE "headlines" DROP CONSTRAINT "headlines_stage_known";--> statement-breakpoint
ALTER TABLE "headlines" DROP CONSTRAINT "headlines_rejected_has_payment";--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_payment_reference_unique" UNIQUE("payment_reference");--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_receipt_unique" UNIQUE("receipt");--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_expired_promoted" CHECK ("headlines"."stage" <> 'expired' OR "headlines"."payment_reference" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_stage_known" CHECK ("headlines"."stage" IN ('pending', 'rejected', 'expired', 'held', 'tomorrow', 'today', 'winner', 'past_winner', 'launched'));--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_rejected_has_payment" CHECK ("headlines"."stage" <> 'rejected' OR "headlines"."transaction_id" IS NOT NULL OR "headlines"."payment_reference" IS NOT NULL);