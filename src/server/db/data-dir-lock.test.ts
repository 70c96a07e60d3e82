import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, SOCKET_FILE, socketAddress } from "./data-dir-lock";

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

  it("ignores a server.lock pid file left by the previous release", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    const lock = await lockDataDir(dir);
    lock.release();
  });

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
