import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, openPglite, rowsOf } from "./connect";
import {
  type DataDirLock,
  DataDirLockedError,
  LOCK_FILE,
  lockDataDir,
  probe,
  SOCKET_FILE,
  socketAddress,
} from "./data-dir-lock";

/**
 * Backups of the embedded database (decision 013). A backup is PGlite's own data-directory tarball
 * (dumpDataDir), gzipped: everything the site keeps lives in the database, uploaded images included. The
 * generated admin-password.txt beside it is not in a backup, on purpose: the accounts' password hashes are.
 *
 * While a server holds DATA_DIR, `npm run backup` asks it over its control socket (DATA_DIR/server.sock):
 * the server takes the dump between two statements of its one connection and sends the bytes back; the
 * votes wait only while the files are read, not while they are compressed.
 */

const gzip = promisify(zlib.gzip);

/** The database as a gzipped tar, and how long its parts took. */
export interface Dump {
  bytes: Buffer;
  /** Milliseconds the database was held (reading its files). */
  heldMs: number;
  /** Milliseconds in all, compression included. */
  tookMs: number;
  /** Over the socket: the milliseconds the server took (dump and compression), of tookMs. */
  serverMs?: number;
}

export async function dumpDatabase(database: Database): Promise<Dump> {
  if (!database.dumpDataDir) throw new Error("only the embedded database is backed up this way: use pg_dump");
  const started = performance.now();
  const tar = await database.dumpDataDir();
  const heldMs = performance.now() - started;
  // On libuv's thread pool: the event loop serves requests meanwhile. zlib hands back each output chunk
  // through the event loop (16 KB by default): under a vote load each such turn waited ~90 ms and a 5 MB
  // backup took 29 s; one chunk large enough for the whole output takes one turn (decision 013).
  const bytes = await gzip(tar, { chunkSize: Math.max(64 * 1024, Math.min(tar.length, 64 * 1024 * 1024)) });
  return { bytes, heldMs, tookMs: performance.now() - started };
}

/** What the server answers on its socket: one JSON line, then `bytes` bytes of backup when ok. */
type ControlAnswer =
  | { ok: true; bytes: number; heldMs: number; tookMs: number }
  | { ok: false; message: string };

const MAX_REQUEST_BYTES = 1_024;

/**
 * The server's side of the control channel: a connection sends one JSON line (`{"command":"backup"}`) and
 * gets its answer. Only the server's user reaches the socket (mode 0600, in a 0700 DATA_DIR).
 */
export function serveControl(
  lock: DataDirLock,
  database: Database,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): void {
  lock.serve((connection) => {
    let request = "";
    const answer = (head: ControlAnswer, body?: Buffer) => {
      connection.write(`${JSON.stringify(head)}\n`);
      if (body) connection.end(body);
      else connection.end();
    };
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      if (request.length > MAX_REQUEST_BYTES) {
        connection.destroy();
        return;
      }
      const newline = request.indexOf("\n");
      if (newline < 0) return;
      connection.off("data", onData);
      let command: unknown;
      try {
        command = (JSON.parse(request.slice(0, newline)) as { command?: unknown }).command;
      } catch {}
      if (command !== "backup") {
        answer({ ok: false, message: `unknown command ${JSON.stringify(command)}` });
        return;
      }
      dumpDatabase(database).then(
        (dump) => {
          log.info(
            { bytes: dump.bytes.length, heldMs: Math.round(dump.heldMs), tookMs: Math.round(dump.tookMs) },
            "backup taken",
          );
          answer(
            { ok: true, bytes: dump.bytes.length, heldMs: dump.heldMs, tookMs: dump.tookMs },
            dump.bytes,
          );
        },
        (error: unknown) => {
          log.error({ err: error }, "backup failed");
          answer({ ok: false, message: `the server could not take the backup: ${String(error)}` });
        },
      );
    };
    connection.on("data", onData);
  });
}

/** Asks the server that holds DATA_DIR for a backup; undefined when no server listens there. */
export async function requestBackup(dataDir: string): Promise<Dump | undefined> {
  const address = socketAddress(dataDir);
  if ((await probe(address)) !== "live") return undefined;
  const started = performance.now();
  const received = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(address);
    connection.on("connect", () => connection.write(`${JSON.stringify({ command: "backup" })}\n`));
    connection.on("data", (chunk: Buffer) => chunks.push(chunk));
    connection.on("end", () => resolve(Buffer.concat(chunks)));
    connection.on("error", reject);
  });
  const newline = received.indexOf(0x0a);
  if (newline < 0) {
    throw new Error(
      "The server holding DATA_DIR gave no backup: it may be starting or stopping. Try again in a moment.",
    );
  }
  const head = JSON.parse(received.subarray(0, newline).toString("utf8")) as ControlAnswer;
  if (!head.ok) throw new Error(head.message);
  const bytes = received.subarray(newline + 1);
  if (bytes.length !== head.bytes) {
    throw new Error(`The backup was cut short: ${bytes.length} of ${head.bytes} bytes arrived.`);
  }
  return { bytes, heldMs: head.heldMs, tookMs: performance.now() - started, serverMs: head.tookMs };
}

/** The database directory inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** Dumps DATA_DIR's database with no server running on it: takes the lock meanwhile. */
export async function dumpStopped(dataDir: string): Promise<Dump> {
  if (!fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"))) {
    throw new Error(`There is no embedded database in DATA_DIR ${dataDir} to back up.`);
  }
  const lock = await lockDataDir(dataDir);
  try {
    const database = await openPglite(pgliteDir(dataDir));
    try {
      return await dumpDatabase(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/** A backup of DATA_DIR: from the server that holds it, or straight from its files when none does. */
export async function backupDataDir(dataDir: string): Promise<Dump & { from: "server" | "files" }> {
  for (let attempt = 0; ; attempt++) {
    const fromServer = await requestBackup(dataDir);
    if (fromServer) return { ...fromServer, from: "server" };
    try {
      return { ...(await dumpStopped(dataDir)), from: "files" };
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      if (attempt > 0) {
        // The holder does not listen on server.sock: someone moved or deleted the file under it.
        if (error.pid !== undefined || (await probe(socketAddress(dataDir))) !== "missing") throw error;
        throw new DataDirLockedError(
          `A server process holds DATA_DIR ${dataDir} but does not answer on its ${SOCKET_FILE} (moved or ` +
            "deleted?): restart that server, then run the backup again.",
        );
      }
      // A server started between the two: ask it.
    }
  }
}

/** Writes the file whole or not at all (a temporary file beside it, synced, then renamed), mode 0600. */
export function writeAtomically(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.partial-${process.pid}`;
  try {
    const fd = fs.openSync(temporary, "wx", 0o600);
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** `<DATA_DIR's parent>/backups/memegazette-20250101T120000Z.tar.gz` */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return path.join(path.dirname(path.resolve(dataDir)), "backups", `memegazette-${stamp}.tar.gz`);
}

export interface Restored {
  migrations: number;
  headlines: number;
}

/**
 * Loads a backup into a new DATA_DIR: one that does not exist or is empty, and that no server holds. The
 * database is unpacked beside its final place and renamed into it once PGlite has opened it (replaying its
 * write-ahead log), so a restore cut off halfway leaves no database that looks complete.
 */
export async function restoreInto(dataDir: string, file: string): Promise<Restored> {
  const bytes = fs.readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a gzipped backup.`);
  const lock = await lockDataDir(dataDir);
  try {
    const staging = path.join(dataDir, `pglite.restoring-${process.pid}`);
    for (const name of fs.readdirSync(dataDir)) {
      // What an interrupted restore left (the lock keeps every other process out now).
      if (name.startsWith("pglite.restoring-")) fs.rmSync(path.join(dataDir, name), { recursive: true });
    }
    const others = fs.readdirSync(dataDir).filter((name) => name !== SOCKET_FILE && name !== LOCK_FILE);
    if (others.length > 0) {
      throw new Error(
        `DATA_DIR ${dataDir} is not empty (${others.slice(0, 3).join(", ")}${others.length > 3 ? ", ..." : ""}): ` +
          "a restore goes into a new DATA_DIR. Restore there, then point the server at it.",
      );
    }
    let restored: Restored;
    try {
      const database = await openPglite(staging, new Blob([bytes], { type: "application/x-gzip" }));
      try {
        const [row] = rowsOf<{ migrations: number | null; headlines: number | null }>(
          await database.db.execute(sql`SELECT
          (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
          (SELECT count(*)::int FROM headlines) AS headlines`),
        );
        restored = { migrations: Number(row?.migrations ?? 0), headlines: Number(row?.headlines ?? 0) };
      } finally {
        await database.close();
      }
      fs.renameSync(staging, pgliteDir(dataDir));
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    return restored;
  } finally {
    lock.release();
  }
}
