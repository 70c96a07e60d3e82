import path from "node:path";
import Fastify from "fastify";
import { ConfigError, loadConfig } from "./config";
import { type Database, NewerDatabaseError, openPglite, openPostgres } from "./db/connect";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock";
import { describeDatabase, describeMigrations, prepareDatabase } from "./startup";

/**
 * `npm run migrate`: what a server does before serving (migrations, settings, accounts), then exits. A
 * deployment runs it once per release, before starting or replacing the processes; the processes then find
 * nothing left to do at start.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  // The same logger (and log format) as the server, without a server.
  const { log } = Fastify({ logger: { level: config.logLevel } });
  let unlock = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 2);
  } else {
    const lock = await lockDataDir(config.dataDir);
    unlock = () => lock.release();
    database = await openPglite(path.join(config.dataDir, "pglite"));
  }
  try {
    const migrations = await prepareDatabase(database, config, log);
    log.info(
      { database: describeDatabase(config), migrations },
      `database ready: ${describeDatabase(config)}, ${describeMigrations(migrations)}`,
    );
  } finally {
    await database.close();
    unlock();
  }
}

migrate().catch((error: unknown) => {
  const known = [ConfigError, DataDirLockedError, NewerDatabaseError].some((kind) => error instanceof kind);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
