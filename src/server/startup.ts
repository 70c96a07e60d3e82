import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { type Database, runMigrations } from "./db/connect";
import { seedDemoIfEmpty } from "./db/seed-demo";
import { ensureSettings } from "./features/settings/settings.service";

/** What every start does before serving: migrate, make sure settings exist, seed an empty try-out. */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await runMigrations(database);
  if (config.seedDemo && (await seedDemoIfEmpty(database.db, new Date()))) {
    log.info("empty database: the sample edition was added (SEED_DEMO)");
  }
  await ensureSettings(database.db, new Date());
}
