import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { type Database, openPglite, openPostgres } from "./db/connect";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock";
import { startCycleJob } from "./jobs/cycle";
import { startMarketJob } from "./jobs/market";
import { startPaymentJob } from "./jobs/payments";
import { prepareDatabase } from "./startup";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = { level: config.logLevel };

  let unlock = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl);
  } else {
    unlock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, "pglite"));
  }

  const app = await buildApp({ config, database, logger });
  await prepareDatabase(database, config, app.log);

  const stopCycleJob = startCycleJob(database.db, app.log, () =>
    app.liveEvents.publish("headlines", "tomorrows-news", "settings"),
  );
  const stopMarketJob = startMarketJob(database.db, config, app.log);
  const stopPaymentJob = startPaymentJob(database.db, config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A second signal, or a hang, must not leave the process up forever.
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      stopCycleJob();
      const jobsDone = Promise.all([stopMarketJob(), stopPaymentJob()]);
      await app.close();
      await jobsDone;
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
