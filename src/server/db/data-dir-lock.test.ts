import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { backupDataDir } from "./backup";
import { DataDirLockedError, LOCK_FILE, lockDataDir, SOCKET_FILE, socketAddress } from "./data-dir-lock";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ON_LINUX = process.platform === "linux";

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-lock-"));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process that holds the lock until killed; resolves once it does. */
async function holder(dir: string): Promise<ChildProcess> {
  const script = `
    const net = require("node:net");
    net.createServer((c) => c.end()).listen(process.argv[1], () => console.log("bound"));`;
  const child = spawn(process.execPath, ["-e", script, path.join(dir, SOCKET_FILE)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return child;
}

/** Another process of this release that holds DATA_DIR with lockDataDir until killed. */
async function lockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(process.argv[1]);
    await lockDataDir(process.argv[2]);
    console.log("locked");
    setInterval(() => {}, 1 << 30);`;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      script,
      path.join(import.meta.dirname, "data-dir-lock.ts"),
      dir,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  const locked = await new Promise<boolean>((resolve) => {
    child.stdout?.once("data", () => resolve(true));
    child.once("exit", () => resolve(false));
  });
  if (!locked) throw new Error("the holder could not lock DATA_DIR");
  return child;
}

/** A live process that is not a server: the previous release still running, as far as its pid says. */
function liveProcess(): ChildProcess {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child;
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return child.pid as number;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

/** What the previous release (f74e134) checked before opening DATA_DIR: server.lock naming a live pid. */
function previousReleaseRefuses(dir: string): boolean {
  let owner: number;
  try {
    owner = Number(fs.readFileSync(path.join(dir, "server.lock"), "utf8").trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(owner) || owner <= 0) return false;
  try {
    process.kill(owner, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

describe("the data directory lock", () => {
  it("binds DATA_DIR/server.sock, mode 0600, and removes it when released", async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    const socket = path.join(dir, SOCKET_FILE);
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    // Within this process too, a second lock is refused (the migrate command beside a server in one shell).
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(socket)).toBe(false);
    (await lockDataDir(dir)).release();
  });

  it("refuses a second owner while the first one lives, with a clear message and no pid", async () => {
    const dir = tempDir();
    const other = await holder(dir);
    const refusal = lockDataDir(dir);
    await expect(refusal).rejects.toThrow(DataDirLockedError);
    await expect(refusal).rejects.toThrow(
      `Another server process is already using DATA_DIR ${dir}. The embedded database serves one process only`,
    );
    await expect(refusal).rejects.not.toThrow(/pid/);
    // kill -9: the kernel closes the socket; its file stays and is taken over.
    other.kill("SIGKILL");
    await new Promise((r) => other.once("exit", r));
    expect(fs.existsSync(path.join(dir, SOCKET_FILE))).toBe(true);
    const lock = await lockDataDir(dir);
    lock.release();
  });

  it("refuses while server.lock names a live process (the previous release still serving), naming its pid", async () => {
    const dir = tempDir();
    const previous = liveProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(previous.pid));
    const refusal = lockDataDir(dir);
    await expect(refusal).rejects.toThrow(DataDirLockedError);
    await expect(refusal).rejects.toThrow(`(pid ${previous.pid})`);
    await expect(refusal).rejects.toThrow(`DATA_DIR ${dir}`);
    // Refused before anything was left behind, and the other process's file untouched.
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(previous.pid));
    await killed(previous);
    const lock = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a stale server.lock: a dead pid, garbage or an empty file", async () => {
    for (const content of [String(await deadPid()), "garbage", "", "-3", "1.5"]) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, LOCK_FILE), content);
      const lock = await lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"), content).toBe(String(process.pid));
      lock.release();
      expect(fs.readdirSync(dir), content).toEqual([]);
    }
  });

  it("writes its pid into server.lock while it holds DATA_DIR, so the previous release refuses to start beside it", async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    const file = path.join(dir, LOCK_FILE);
    expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(previousReleaseRefuses(dir)).toBe(true);
    lock.release();
    expect(previousReleaseRefuses(dir)).toBe(false);
    // A server.lock that is no longer this process's is left alone on release.
    const again = await lockDataDir(dir);
    fs.writeFileSync(file, "12345678");
    again.release();
    expect(fs.readFileSync(file, "utf8")).toBe("12345678");
  });

  it.runIf(ON_LINUX)(
    "refuses a second owner after DATA_DIR/server.sock was deleted or renamed under the first",
    async () => {
      const dir = tempDir();
      const owner = await lockHolder(dir);
      const socket = path.join(dir, SOCKET_FILE);
      fs.rmSync(socket);
      await expect(lockDataDir(dir)).rejects.toThrow(
        `Another server process is already using DATA_DIR ${dir}`,
      );
      // The refused starter bound a socket file of its own meanwhile, and removed it again.
      expect(fs.existsSync(socket)).toBe(false);
      await killed(owner);

      const next = await lockHolder(dir);
      fs.renameSync(socket, path.join(dir, "moved.sock"));
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      // Through another name of the same directory too: the lock belongs to the directory, not the path.
      const link = path.join(tempDir(), "link");
      fs.symlinkSync(dir, link);
      await expect(lockDataDir(link)).rejects.toThrow(DataDirLockedError);
      await killed(next);
      // The holder's lock ended with its process (kill -9).
      const lock = await lockDataDir(dir);
      lock.release();
    },
    60_000,
  );

  it.runIf(ON_LINUX)(
    "tells `npm run backup` to restart the server that holds DATA_DIR when its server.sock was deleted",
    async () => {
      const dir = tempDir();
      const owner = await lockHolder(dir);
      fs.mkdirSync(path.join(dir, "pglite"));
      fs.writeFileSync(path.join(dir, "pglite", "PG_VERSION"), "17\n");
      fs.rmSync(path.join(dir, SOCKET_FILE));
      await expect(backupDataDir(dir)).rejects.toThrow(
        `A server process holds DATA_DIR ${dir} but does not answer on its ${SOCKET_FILE} (moved or deleted?): ` +
          "restart that server, then run the backup again.",
      );
      await killed(owner);
    },
    60_000,
  );

  it.runIf(ON_LINUX)(
    "starts on a copy of a held DATA_DIR, whose server.lock names the live owner of the original",
    async () => {
      const dir = tempDir();
      const owner = await lockHolder(dir);
      const copy = path.join(tempDir(), "copy");
      execFileSync("cp", ["-a", dir, copy]);
      expect(fs.readFileSync(path.join(copy, LOCK_FILE), "utf8")).toBe(String(owner.pid));
      const lock = await lockDataDir(copy);
      expect(fs.readFileSync(path.join(copy, LOCK_FILE), "utf8")).toBe(String(process.pid));
      lock.release();
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    },
    60_000,
  );

  it("lets exactly one of several starters take over a dead socket file", async () => {
    for (let round = 0; round < 10; round++) {
      const dir = tempDir();
      const other = await holder(dir);
      other.kill("SIGKILL");
      await new Promise((r) => other.once("exit", r));
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => lockDataDir(dir)));
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(DataDirLockedError);
      }
      (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value.release();
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it("binds a path relative to the working directory when the absolute one is too long, else refuses", () => {
    const deep = path.join(os.tmpdir(), "x".repeat(120));
    expect(socketAddress(path.join(process.cwd(), "data"))).toBe(path.join("data", SOCKET_FILE));
    expect(() => socketAddress(deep)).toThrow(/too long a path for its lock socket/);
  });
});

interface CommandRun {
  exit: { code: number | null; signal: NodeJS.Signals | null };
  output: string;
}

/** One of the commands (src/server/<entry>.ts) run as `npm run` would run it, with tsx instead of a build. */
function runCommand(entry: string, args: string[], dataDir: string): Promise<CommandRun> {
  const child = spawn(process.execPath, ["--import", "tsx", `src/server/${entry}.ts`, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      ADMIN_PASSWORD: "lock-test-admin",
      STATIC_DIR: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ exit: { code, signal }, output }));
  });
}

describe("the commands that open DATA_DIR", () => {
  it("serve, migrate, backup and restore refuse while server.lock names a live process: exit 1, naming its pid", async () => {
    const previous = liveProcess();
    const dirs = { main: tempDir(), migrate: tempDir(), backup: tempDir(), restore: tempDir() };
    for (const dir of Object.values(dirs)) fs.writeFileSync(path.join(dir, LOCK_FILE), String(previous.pid));
    // A database for the backup to copy (it looks for one before taking the lock); a backup to restore.
    fs.mkdirSync(path.join(dirs.backup, "pglite"));
    fs.writeFileSync(path.join(dirs.backup, "pglite", "PG_VERSION"), "17\n");
    const backupFile = path.join(tempDir(), "backup.tar.gz");
    fs.writeFileSync(backupFile, zlib.gzipSync("not a database"));

    const runs = await Promise.all([
      runCommand("main", [], dirs.main),
      runCommand("migrate", [], dirs.migrate),
      runCommand("backup", ["--out", path.join(tempDir(), "never.tar.gz")], dirs.backup),
      runCommand("restore", [backupFile, "--data-dir", dirs.restore], dirs.restore),
    ]);
    for (const [i, entry] of ["main", "migrate", "backup", "restore"].entries()) {
      const run = runs[i] as CommandRun;
      expect(run.exit, `${entry}: ${run.output}`).toEqual({ code: 1, signal: null });
      expect(run.output, entry).toContain(
        `Another server process (pid ${previous.pid}) is already using DATA_DIR`,
      );
    }
    // Nothing was opened or created in the folder the other process holds.
    expect(fs.readdirSync(dirs.main)).toEqual([LOCK_FILE]);
    expect(fs.readdirSync(dirs.migrate)).toEqual([LOCK_FILE]);
    expect(fs.readdirSync(dirs.backup).sort()).toEqual(["pglite", LOCK_FILE]);
    expect(fs.readdirSync(path.join(dirs.backup, "pglite"))).toEqual(["PG_VERSION"]);
    expect(fs.readdirSync(dirs.restore)).toEqual([LOCK_FILE]);
  }, 120_000);
});
