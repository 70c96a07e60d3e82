import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite is one process's database: a second process on the same directory silently loses writes. Three
 * locks, taken in this order (decision 013):
 *
 * 1. On Linux, an abstract-namespace Unix socket named after the directory's identity (device and inode):
 *    the kernel holds it exactly as long as the process lives, and no file operation on DATA_DIR (moving or
 *    deleting server.sock, a copy) can drop or carry it. A second binder gets EADDRINUSE: refused.
 * 2. DATA_DIR/server.sock, a Unix domain socket bound in the directory: the control channel `npm run backup`
 *    asks the running server through (control.ts), and the lock where there is no abstract namespace (macOS,
 *    the BSDs) or where the owner is in another network namespace (two containers sharing a volume). When the
 *    path is taken, connect to it: a connection means a live owner (refused); a refused connection means a
 *    file left by a process that died (kill -9, a crash) or copied with the directory, which is moved aside
 *    and the bind tried again.
 * 3. DATA_DIR/server.lock, the previous release's pid file (f74e134): a live pid in it is the previous
 *    release still serving (refused, naming the pid); this release writes its own pid there too, so that a
 *    rollback refuses to start on a directory this release serves.
 */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    /** The pid server.lock names, when a process of the previous release holds the directory. */
    readonly pid?: number,
  ) {
    super(message);
  }
}

export const SOCKET_FILE = "server.sock";
/** The previous release's lock (f74e134): a pid file, honoured and written for upgrades and rollbacks. */
export const LOCK_FILE = "server.lock";
/** The abstract socket's name is this followed by the directory's device and inode numbers. */
const ABSTRACT_PREFIX = "meme-gazette-data-";

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

/** Without a pid unless server.lock gave one: in containers every server may be pid 1. */
export function lockedMessage(dataDir: string, pid?: number): string {
  return (
    `Another server process${pid === undefined ? "" : ` (pid ${pid})`} is already using DATA_DIR ${dataDir}. ` +
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

/**
 * Linux: binds the abstract socket named after DATA_DIR's device and inode. Undefined where there is no
 * abstract namespace (then server.sock alone decides).
 */
async function holdDirectory(dataDir: string): Promise<net.Server | undefined> {
  if (process.platform !== "linux") return undefined;
  const { dev, ino } = fs.statSync(dataDir, { bigint: true });
  const server = net.createServer((connection) => connection.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(`\0${ABSTRACT_PREFIX}${dev}-${ino}`, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new DataDirLockedError(lockedMessage(dataDir));
    }
    throw error;
  }
  return server;
}

/** Binds DATA_DIR/server.sock, taking over a dead one (see moveStale). */
async function bindSocket(dataDir: string, address: string, server: net.Server): Promise<void> {
  const absolute = path.resolve(address);
  const moved: string[] = [];
  const removeMoved = () => {
    for (const file of moved.splice(0)) fs.rmSync(file, { force: true });
  };
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await listen(server, address);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      }
      const inode = inodeOf(absolute);
      const state = await probe(address);
      if (state === "live") throw new DataDirLockedError(lockedMessage(dataDir));
      const aside = state === "stale" ? moveStale(absolute, inode) : undefined;
      if (aside) moved.push(aside);
    }
  } finally {
    removeMoved();
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: its ${SOCKET_FILE} kept changing.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Linux: whether the process holds the abstract socket of some DATA_DIR, i.e. is a server of this release.
 * Its sockets are the `socket:[inode]` links in /proc/<pid>/fd; /proc/net/unix names each inode's address.
 */
function holdsSomeDataDir(pid: number): boolean {
  const inodes = new Set<string>();
  try {
    for (const line of fs.readFileSync("/proc/net/unix", "utf8").split("\n")) {
      const fields = line.trim().split(/\s+/);
      if (fields[7]?.startsWith(`@${ABSTRACT_PREFIX}`)) inodes.add(fields[6] as string);
    }
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      let target = "";
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {} // closed meanwhile
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return true;
    }
  } catch {} // no /proc, or another user's process: cannot tell
  return false;
}

/** Linux: when the process started, in ms since the epoch (to 10 ms); undefined where /proc does not say. */
function startedAt(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name (in parentheses, which may hold spaces): clock ticks since
    // boot, at USER_HZ, which is 100 on every Linux architecture Node runs on.
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const uptime = Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    if (!Number.isFinite(ticks) || !Number.isFinite(uptime)) return undefined;
    return Date.now() - uptime * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

/**
 * The pid of the process server.lock names, when that process may be a server on DATA_DIR: the previous
 * release, which knows no other lock. Not when the file is garbage, the process is gone or is this one (a
 * leftover of an earlier process that had this pid: a container's pid 1), holds another DATA_DIR's abstract
 * socket (the file came with a copy of that directory), or started after the file was written (its pid was
 * reused; one second of margin).
 */
function previousReleaseOwner(file: string): number | undefined {
  let text: string;
  let written: number;
  try {
    text = fs.readFileSync(file, "utf8");
    written = fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  if (process.platform === "linux") {
    if (holdsSomeDataDir(pid)) return undefined;
    const started = startedAt(pid);
    if (started !== undefined && started > written + 1_000) return undefined;
  }
  return pid;
}

/**
 * Writes this process's pid into DATA_DIR/server.lock (created exclusively, as the previous release did),
 * after taking over a stale one. Refuses, naming the pid, when the file names a live previous release.
 */
function claimLockFile(dataDir: string): void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = previousReleaseOwner(file);
    if (owner !== undefined) throw new DataDirLockedError(lockedMessage(dataDir, owner), owner);
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: its ${LOCK_FILE} kept changing.`);
}

function releaseLockFile(dataDir: string): void {
  const file = path.join(dataDir, LOCK_FILE);
  try {
    if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file, { force: true });
  } catch {}
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  // A new DATA_DIR is the server's user's alone (the socket is 0600 as well).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const address = socketAddress(dataDir);
  const held = await holdDirectory(dataDir);
  let handler: ((connection: net.Socket) => void) | undefined;
  const control = net.createServer((connection) => {
    connection.on("error", () => {});
    if (handler) handler(connection);
    else connection.end();
  });
  let bound = false;
  try {
    await bindSocket(dataDir, address, control);
    bound = true;
    claimLockFile(dataDir);
  } catch (error) {
    // libuv removes the bound path when the socket closes, synchronously (checked on Node 22).
    if (bound) control.close();
    held?.close();
    throw error;
  }
  let released = false;
  return {
    address,
    serve(serve) {
      handler = serve;
    },
    release() {
      if (released) return;
      released = true;
      releaseLockFile(dataDir);
      control.close();
      // Last: until here no other process may take the directory.
      held?.close();
    },
  };
}
