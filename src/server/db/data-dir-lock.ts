import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite is one process's database: a second process on the same directory silently loses writes. The lock
 * is a Unix domain socket, DATA_DIR/server.sock, bound by the owner (decision 013): the kernel holds a bound
 * socket for as long as its process lives, whatever its pid, and a copy of the directory (cp -a, a volume
 * snapshot) carries at most the socket's file, to which nothing listens. The same socket is the control
 * channel `npm run backup` asks the running server through (control.ts).
 *
 * Starting: bind. When the path is taken, connect to it: a connection means a live owner (refused); a
 * refused connection means a file left by a process that died (kill -9, a crash) or copied with the
 * directory, which is moved aside and the bind tried again.
 */
export class DataDirLockedError extends Error {}

export const SOCKET_FILE = "server.sock";
/** The previous release's lock (f74e134): a pid file. */
export const LOCK_FILE = "server.lock";

/** sun_path holds 108 bytes on Linux and 104 on macOS and the BSDs, the terminating NUL included. */
const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;

export interface DataDirLock {
  /** The address the socket is bound to (relative to the working directory when that is shorter). */
  readonly address: string;
  /** Hands every later connection to `handler` (until then a connection is closed at once). */
  serve(handler: (connection: net.Socket) => void): void;
  /** Closes the socket and removes its file, if the file is still this lock's. Synchronous, idempotent. */
  release(): void;
}

/**
 * The shortest way to name DATA_DIR/server.sock from here: absolute, or relative to the working directory.
 * Throws a DataDirLockedError that says so when neither fits in a socket address.
 */
export function socketAddress(dataDir: string): string {
  const absolute = path.join(path.resolve(dataDir), SOCKET_FILE);
  const relative = path.relative(process.cwd(), absolute);
  const shortest = relative.length > 0 && relative.length < absolute.length ? relative : absolute;
  if (Buffer.byteLength(shortest) > MAX_SOCKET_PATH) {
    throw new DataDirLockedError(
      `DATA_DIR ${dataDir} is too long a path for its lock socket (${SOCKET_FILE}): a Unix socket's path ` +
        `holds at most ${MAX_SOCKET_PATH} bytes, and ${absolute} has ${Buffer.byteLength(absolute)} (` +
        `${Buffer.byteLength(relative)} relative to the working directory). Use a shorter DATA_DIR, or start ` +
        "from a directory closer to it.",
    );
  }
  return shortest;
}

export function lockedMessage(dataDir: string): string {
  return (
    `Another server process is already using DATA_DIR ${dataDir}. ` +
    "The embedded database serves one process only: stop the other one, use another DATA_DIR, " +
    "or set DATABASE_URL to run several processes on PostgreSQL."
  );
}

/** Whether something listens on the socket: answers the error code when nothing does. */
export function probe(address: string): Promise<"live" | "stale" | "missing"> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once("connect", () => {
      socket.destroy();
      resolve("live");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === "ENOENT") resolve("missing");
      else if (error.code === "ECONNREFUSED") resolve("stale");
      // EAGAIN (a full backlog), EACCES (another user's server): someone is there.
      else resolve("live");
    });
  });
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    // Bound with the mode 0600 from the start: the bind happens inside listen(), synchronously.
    const umask = process.umask(0o177);
    try {
      server.listen(address, () => {
        server.off("error", onError);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
}

function inodeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).ino;
  } catch {
    return undefined;
  }
}

/**
 * Moves a dead socket file out of the way and answers where to, for removal once this process has bound
 * its own socket: while the dead file exists its inode number cannot be given to a new socket, so the
 * inode check below cannot be fooled by reuse. Rename is atomic, so of several starters that found the
 * same dead file one moves it; the others find the path empty or the winner's live socket. A starter slow
 * enough to move the winner's new socket (another inode than the one it found dead) puts it back at once
 * (link never replaces a file).
 */
function moveStale(absolute: string, deadInode: number | undefined): string | undefined {
  const aside = `${absolute}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    fs.renameSync(absolute, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined; // another starter moved it
    throw error;
  }
  if (deadInode !== undefined && inodeOf(aside) === deadInode) return aside;
  try {
    fs.linkSync(aside, absolute);
  } catch {}
  fs.rmSync(aside, { force: true });
  return undefined;
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  // A new DATA_DIR is the server's user's alone (the socket is 0600 as well).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const address = socketAddress(dataDir);
  const absolute = path.resolve(address);
  let handler: ((connection: net.Socket) => void) | undefined;
  const server = net.createServer((connection) => {
    connection.on("error", () => {});
    if (handler) handler(connection);
    else connection.end();
  });
  const moved: string[] = [];
  const removeMoved = () => {
    for (const file of moved.splice(0)) fs.rmSync(file, { force: true });
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await listen(server, address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") {
        removeMoved();
        throw error;
      }
      const inode = inodeOf(absolute);
      const state = await probe(address);
      if (state === "live") {
        removeMoved();
        throw new DataDirLockedError(lockedMessage(dataDir));
      }
      const aside = state === "stale" ? moveStale(absolute, inode) : undefined;
      if (aside) moved.push(aside);
      continue;
    }
    removeMoved();
    let released = false;
    return {
      address,
      serve(serve) {
        handler = serve;
      },
      release() {
        if (released) return;
        released = true;
        // libuv removes the bound path when the socket closes, synchronously (checked on Node 22).
        server.close();
      },
    };
  }
  removeMoved();
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: its ${SOCKET_FILE} kept changing.`);
}
