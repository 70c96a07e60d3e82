import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseOptions } from "@node-rs/argon2";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts } from "../../db/schema";
import { createTestApp, type TestApp, testConfig } from "../../test/test-app";
import { ensureAccounts, hashPassword } from "./accounts.service";
import { logInAs } from "./test-accounts";

describe("password hashes", () => {
  it("are argon2id at production cost by default (19 MiB, 2 passes, 1 lane)", async () => {
    // test-accounts (imported above) lowers the cost for this file: a fresh module instance shows the defaults.
    vi.resetModules();
    const fresh = await import("./accounts.service");
    const stored = await fresh.hashPassword("a password of some length");
    expect(stored.startsWith("$argon2id$")).toBe(true);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });
});

describe("ensureAccounts (start-up)", () => {
  let t: TestApp;
  let dataDir: string;
  beforeEach(async () => {
    t = await createTestApp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-accounts-"));
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fakeLog = () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    return { log, logger: log as unknown as FastifyBaseLogger };
  };

  it("creates admin with ADMIN_PASSWORD, stored as an argon2id hash, and no staff without STAFF_PASSWORD", async () => {
    const { logger, log } = fakeLog();
    await ensureAccounts(t.db, testConfig({ adminPassword: "configured-admin-pw" }), logger);
    const rows = await t.db.select().from(accounts);
    expect(rows.map((r) => [r.username, r.isAdmin])).toEqual([["admin", true]]);
    expect(rows[0]?.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(rows[0]?.passwordHash).not.toContain("configured-admin-pw");
    expect(log.warn).not.toHaveBeenCalled();
    await expect(logInAs(t.app, "admin", "configured-admin-pw")).resolves.toBeTypeOf("string");
  });

  it("generates a strong admin password when none is configured, into a file only its user reads, never the log", async () => {
    const { logger, log } = fakeLog();
    const config = testConfig({ adminPassword: undefined, dataDir });
    await ensureAccounts(t.db, config, logger);
    await ensureAccounts(t.db, config, logger);
    const file = path.join(dataDir, "admin-password.txt");
    expect(fs.readdirSync(dataDir)).toEqual(["admin-password.txt"]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(logInAs(t.app, "admin", password)).resolves.toBeTypeOf("string");
    expect(await t.db.select().from(accounts)).toHaveLength(1);
    // The log says where it is, once, and never what it is.
    expect(log.warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify([...log.warn.mock.calls, ...log.info.mock.calls]);
    expect(logged).toContain(file);
    expect(logged).not.toContain(password);
  });

  it("never overwrites an earlier password file: the new one takes the next name", async () => {
    fs.writeFileSync(path.join(dataDir, "admin-password.txt"), "an earlier database's password\n", {
      mode: 0o600,
    });
    const { logger, log } = fakeLog();
    await ensureAccounts(t.db, testConfig({ adminPassword: undefined, dataDir }), logger);
    expect(fs.readFileSync(path.join(dataDir, "admin-password.txt"), "utf8")).toBe(
      "an earlier database's password\n",
    );
    const password = fs.readFileSync(path.join(dataDir, "admin-password-2.txt"), "utf8").trim();
    await expect(logInAs(t.app, "admin", password)).resolves.toBeTypeOf("string");
    expect(String(log.warn.mock.calls[0]?.[1])).toContain("admin-password-2.txt");
  });

  it("creates staff (not an administrator) when STAFF_PASSWORD is set, once", async () => {
    const config = testConfig({ adminPassword: "configured-admin-pw", staffPassword: "configured-staff-pw" });
    await ensureAccounts(t.db, config, fakeLog().logger);
    await ensureAccounts(t.db, config, fakeLog().logger);
    const rows = await t.db.select().from(accounts).orderBy(accounts.id);
    expect(rows.map((r) => [r.username, r.isAdmin])).toEqual([
      ["admin", true],
      ["staff", false],
    ]);
    await expect(logInAs(t.app, "staff", "configured-staff-pw")).resolves.toBeTypeOf("string");
  });

  it("is safe when several processes start together: one admin, one password file, one line", async () => {
    const { logger, log } = fakeLog();
    const config = testConfig({ adminPassword: undefined, staffPassword: "configured-staff-pw", dataDir });
    await Promise.all([1, 2, 3].map(() => ensureAccounts(t.db, config, logger)));
    const rows = await t.db.select().from(accounts);
    expect(rows.map((r) => r.username).sort()).toEqual(["admin", "staff"]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [file] = fs.readdirSync(dataDir);
    expect(fs.readdirSync(dataDir)).toHaveLength(1);
    const password = fs.readFileSync(path.join(dataDir, file as string), "utf8").trim();
    await expect(logInAs(t.app, "admin", password)).resolves.toBeTypeOf("string");
  });

  it("does not create admin when accounts exist already", async () => {
    await t.db
      .insert(accounts)
      .values({ username: "editor", passwordHash: await hashPassword("whatever-pw"), isAdmin: true });
    const { logger, log } = fakeLog();
    await ensureAccounts(t.db, testConfig({ adminPassword: undefined, dataDir }), logger);
    expect((await t.db.select().from(accounts)).map((r) => r.username)).toEqual(["editor"]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
