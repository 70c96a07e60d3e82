import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { serveControl } from "./db/backup";
import { type Database, NewerDatabaseError, openPglite, openPostgres } from "./db/connect";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "./db/data-dir-lock";
import { launchDepsOf } from "./features/launches/launches.routes";
import { createServiceFetch } from "./integrations/outbound";
import { startAutopilotJob } from "./jobs/autopilot";
import { startCycleJob } from "./jobs/cycle";
import { startImageCleanupJob } from "./jobs/images";
import { startLaunchJob } from "./jobs/launches";
import { startMarketJob } from "./jobs/market";
import { startPaymentJob } from "./jobs/payments";
import { startPushJob } from "./jobs/push";
import { startTelegramJob } from "./jobs/telegram";
import { startVoteEvidenceCleanupJob } from "./jobs/vote-evidence";
import { ConnectionDrain } from "./lib/drain";
import { describeDatabase, describeMigrations, prepareDatabase } from "./startup";

/**
 * A drain still under way after this is given up (logged, exit 1). It counts from the end of SHUTDOWN_DELAY_MS,
 * so the stop timeout of the container must be at least that delay plus 10 s (README, Deployment): then the
 * process ends itself, with its log line and its lock released, before the SIGKILL comes.
 */
// React's server renderer (the first paints, loaded with the first page asked for, after this line) picks its
// build by NODE_ENV: its development build drew a page 2-3x slower (decision 015). This is the production
// process; an operator's own NODE_ENV is kept.
process.env.NODE_ENV ??= "production";

const SHUTDOWN_DEADLINE_MS = 8_000;
const IDLE_SWEEP_MS = 100;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = { level: config.logLevel };

  let lock: DataDirLock | undefined;
  const unlock = () => lock?.release();
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 10, config.listenDatabaseUrl);
  } else {
    // Held by the kernel until this process ends (data-dir-lock.ts); DATA_DIR/server.sock is also the channel
    // `npm run backup` asks this process through.
    lock = await lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, "pglite"));
  }

  const app = await buildApp({ config, database, logger });
  const connections = new ConnectionDrain(app.server);
  const migrations = await prepareDatabase(database, config, app.log);
  if (lock) serveControl(lock, database, app.log);

  // The jobs' changes reach open pages like any other: the database announces them (migration 0010).
  // Each job counts its runs, failures and last success in the app's metrics.
  const stopCycleJob = startCycleJob(database.db, app.log, app.metrics);
  const stopMarketJob = startMarketJob(database.db, config, app.log, app.metrics);
  const stopPaymentJob = startPaymentJob(database.db, config, app.paymentChecks, app.log, app.metrics);
  const stopImageCleanupJob = startImageCleanupJob(database.db, app.log, app.metrics);
  const stopVoteEvidenceJob = startVoteEvidenceCleanupJob(database.db, app.log, app.metrics);
  const stopTelegramJob = startTelegramJob(app.telegram, app.log, app.metrics);
  const stopPushJob = startPushJob(app.push, app.log, app.metrics);
  const stopLaunchJob = startLaunchJob(launchDepsOf(app), app.log, app.metrics);
  // The autopilot's steps (issue 30); it does nothing while an administrator has not switched it on.
  const stopAutopilotJob = startAutopilotJob({
    db: database.db,
    trending: { http: createServiceFetch(config, app.metrics.outbound), config },
    telegram: app.telegram && { client: app.telegram.client, publicUrl: config.publicUrl },
    log: app.log,
    metrics: app.metrics.jobs,
  });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting without waiting for the drain");
      unlock();
      process.exit(1);
    }
    closing = true;
    // SIGINT is someone at a terminal (Ctrl-C): no load balancer to tell, so the drain begins at once.
    if (signal === "SIGTERM" && config.shutdownDelayMs > 0) {
      // A load balancer learns of the shutdown from /readyz's 503 within its check interval, and meanwhile
      // still sends requests here: they are all answered. Only then are connections refused.
      app.withdrawReadiness();
      app.log.info(
        { signal, delayMs: config.shutdownDelayMs },
        "shutting down: /readyz answers 503, still serving until the delay is over",
      );
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A request that never finishes must not keep the process, and its DATA_DIR lock, forever. The deadline
    // counts from here, after SHUTDOWN_DELAY_MS: the delay is the operator's, the drain's time is not.
    setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway`);
      unlock();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // app.close() stops accepting connections and lets the requests in flight finish; later requests on open
    // connections get 503 with "Connection: close", which closes their connection once answered. A
    // keep-alive connection that stays quiet is closed by the sweep once it has been quiet for a second, not
    // at once: a request its client sent just before would be reset unanswered (lib/drain.ts). Without the
    // sweep such a connection would stay open until the keep-alive timeout (72 s), past the deadline.
    connections.start();
    const sweep = setInterval(() => connections.sweep(), IDLE_SWEEP_MS);
    let code = 0;
    try {
      const jobsStopped = Promise.all([
        stopCycleJob(),
        stopMarketJob(),
        stopPaymentJob(),
        stopImageCleanupJob(),
        stopVoteEvidenceJob(),
        stopTelegramJob(),
        stopPushJob(),
        stopLaunchJob(),
        stopAutopilotJob(),
      ]);
      await app.close();
      await jobsStopped;
      await database.close();
      app.log.info("shut down cleanly");
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, "shutdown failed");
    } finally {
      clearInterval(sweep);
      unlock();
      process.exit(code);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const address = await app.listen({ port: config.port, host: config.host });
  // One line that says what this start did, for whoever reads the log after a deploy.
  const where = describeDatabase(config);
  app.log.info(
    { database: where, migrations, publicUrl: config.publicUrl, address },
    `started: ${where}, ${describeMigrations(migrations)}, listening on ${address}, public URL ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof NewerDatabaseError
  ) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
