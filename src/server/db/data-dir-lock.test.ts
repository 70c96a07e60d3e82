import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "mg-lock-"));

describe("the data directory lock", () => {
  it("refuses a second owner while the first one lives, with a clear message", () => {
    const dir = tempDir();
    // A live process that is not this one: our parent.
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already using DATA_DIR/);
  });

  it("takes over a lock whose process is gone (kill -9) and releases it", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid as number;
    fs.writeFileSync(path.join(dir, "server.lock"), String(dead));
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});
