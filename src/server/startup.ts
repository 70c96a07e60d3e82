import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { type Database, migrateFolder, withStartupLock } from "./db/connect";
import { seedDemoIfEmpty } from "./db/seed-demo";
import { ensureAccounts } from "./features/accounts/accounts.service";
import { storeImage } from "./features/images/images.service";
import { ensureSettings } from "./features/settings/settings.service";

/**
 * What every start does before serving: migrate, seed an empty try-out, ensure settings and accounts. All
 * under one lock (withStartupLock): two processes starting together on an empty PostgreSQL database add the
 * sample edition and the first accounts once.
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  await withStartupLock(database, async (db) => {
    await migrateFolder(db);
    if (config.seedDemo && (await seedDemoIfEmpty(db, new Date(), storeImage))) {
      log.info("empty database: the sample edition was added (SEED_DEMO)");
    }
    await ensureSettings(db, new Date());
    await ensureAccounts(db, config, log);
  });
}
