import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config";
import { backupDataDir, defaultBackupFile, writeAtomically } from "./db/backup";
import { DataDirLockedError } from "./db/data-dir-lock";

/**
 * `npm run backup [-- --out FILE]`: a consistent copy of the embedded database in DATA_DIR, taken by the
 * running server over its socket (votes keep being taken) or from the files when no server runs. Written
 * whole or not at all, mode 0600; default `<DATA_DIR's parent>/backups/memegazette-<UTC time>.tar.gz`.
 * On PostgreSQL it says to use pg_dump instead (README, Backups).
 */
async function backup(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: the site's data is in PostgreSQL, which `npm run backup` does not copy. Use " +
        'pg_dump (`pg_dump -Fc "$DATABASE_URL" > memegazette-$(date +%F).dump`; README, Backups).',
    );
    process.exit(2);
  }
  const file = path.resolve(values.out ?? defaultBackupFile(config.dataDir));
  const dump = await backupDataDir(config.dataDir);
  writeAtomically(file, dump.bytes);
  const how =
    dump.from === "server"
      ? `by the running server (it took ${Math.round(dump.serverMs ?? 0)} ms, the database held ` +
        `${Math.round(dump.heldMs)} ms of them)`
      : "from DATA_DIR's files (no server was running)";
  console.log(
    `backup of ${config.dataDir} written to ${file}: ${(dump.bytes.length / 1e6).toFixed(1)} MB in ` +
      `${Math.round(dump.tookMs)} ms, taken ${how}`,
  );
}

backup().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : `Backup failed: ${(error as Error)?.message ?? error}`);
  process.exit(1);
});
