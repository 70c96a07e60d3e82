-- Issue 22: the 24 h change, liquidity and pair age of a launched token's most liquid pair, beside its price.
-- Expand only: three nullable columns, filled by the next market refresh.
ALTER TABLE "headlines" ADD COLUMN "price_change_24h" double precision;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "liquidity_usd" double precision;--> statement-breakpoint
ALTER TABLE "headlines" ADD COLUMN "pair_created_at" timestamp with time zone;
