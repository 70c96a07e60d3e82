import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { type Database, runMigrations } from "./db/connect";
import { seedDemoIfEmpty } from "./db/seed-demo";
import { ensureAccounts } from "./features/accounts/accounts.service";
import { storeImage } from "./features/images/images.service";
import { ensureSettings } from "./features/settings/settings.service";

/** What every start does before serving: migrate, ensure settings and accounts, seed an empty try-out. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  await runMigrations(database);
  if (config.seedDemo && (await seedDemoIfEmpty(database.db, new Date(), storeImage))) {
    log.info("empty database: the sample edition was added (SEED_DEMO)");
  }
  await ensureSettings(database.db, new Date());
  await ensureAccounts(database.db, config, log);
}
