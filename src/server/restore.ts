import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config";
import { restoreInto } from "./db/backup";
import { DataDirLockedError } from "./db/data-dir-lock";

/**
 * `npm run restore -- FILE [--data-dir DIR]`: loads a backup made by `npm run backup` into a new DATA_DIR
 * (DIR, default DATA_DIR), which must not exist yet or be empty, and which no server may hold. Start the
 * server on it afterwards: it migrates as on any start.
 */
async function restore(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { "data-dir": { type: "string" } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    console.error("Usage: npm run restore -- BACKUP_FILE [--data-dir NEW_DATA_DIR]");
    process.exit(2);
  }
  const dataDir = path.resolve(values["data-dir"] ?? loadConfig().dataDir);
  const started = performance.now();
  const restored = await restoreInto(dataDir, path.resolve(file));
  console.log(
    `restored ${file} into ${dataDir} in ${Math.round(performance.now() - started)} ms ` +
      `(${restored.headlines} headlines, ${restored.migrations} migrations applied). Start the server with ` +
      `DATA_DIR=${dataDir}.`,
  );
}

restore().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : `Restore failed: ${(error as Error)?.message ?? error}`);
  process.exit(1);
});
