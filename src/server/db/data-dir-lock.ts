import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is one process's database: a second process on the same directory silently loses writes. The lock
 * file holds the owner's pid; a file whose process is gone (kill -9) is stale and taken over.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another server process (pid ${owner}) is already using DATA_DIR ${dataDir}. ` +
            "The embedded database serves one process only: stop the other one, use another DATA_DIR, " +
            "or set DATABASE_URL to run several processes on PostgreSQL.",
        );
      }
      fs.unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
