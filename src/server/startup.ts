import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { type Database, type MigrationsApplied, migrateFolder, withStartupLock } from "./db/connect";
import { seedDemoIfEmpty } from "./db/seed-demo";
import { ensureAccounts } from "./features/accounts/accounts.service";
import { storeImage } from "./features/images/images.service";
import { ensureSettings } from "./features/settings/settings.service";

/**
 * What every start does before serving: migrate, seed an empty try-out, ensure settings and accounts. All
 * under one lock (withStartupLock): two processes starting together on an empty PostgreSQL database add the
 * sample edition and the first accounts once. Answers what the migration did, for the start line.
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<MigrationsApplied> {
  return withStartupLock(database, async (db) => {
    const migrations = await migrateFolder(db);
    if (config.seedDemo && (await seedDemoIfEmpty(db, new Date(), storeImage))) {
      log.info("empty database: the sample edition was added (SEED_DEMO)");
    }
    await ensureSettings(db, new Date());
    await ensureAccounts(db, config, log);
    return migrations;
  });
}

/** The database as the start line names it: its kind and where, never a user name or password. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded (PGlite) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/** "migrations: 10 -> 12 (0011_x, 0012_y)", or "migrations: 12 applied before, none to apply". */
export function describeMigrations({ from, to, applied }: MigrationsApplied): string {
  return applied.length === 0
    ? `migrations: ${to} applied before, none to apply`
    : `migrations: ${from} -> ${to} (${applied.join(", ")})`;
}
