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
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

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

  it("generates a strong admin password when none is configured and prints it once", async () => {
    const { logger, log } = fakeLog();
    await ensureAccounts(t.db, testConfig({ adminPassword: undefined }), logger);
    await ensureAccounts(t.db, testConfig({ adminPassword: undefined }), logger);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const line = String(log.warn.mock.calls[0]?.[0]);
    const password = line.match(/password (\S{24}) /)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(logInAs(t.app, "admin", password as string)).resolves.toBeTypeOf("string");
    expect(await t.db.select().from(accounts)).toHaveLength(1);
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

  it("is safe when several processes start together: one admin, one printed password", async () => {
    const { logger, log } = fakeLog();
    const config = testConfig({ adminPassword: undefined, staffPassword: "configured-staff-pw" });
    await Promise.all([1, 2, 3].map(() => ensureAccounts(t.db, config, logger)));
    const rows = await t.db.select().from(accounts);
    expect(rows.map((r) => r.username).sort()).toEqual(["admin", "staff"]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it("does not create admin when accounts exist already", async () => {
    await t.db
      .insert(accounts)
      .values({ username: "editor", passwordHash: await hashPassword("whatever-pw"), isAdmin: true });
    const { logger, log } = fakeLog();
    await ensureAccounts(t.db, testConfig({ adminPassword: undefined }), logger);
    expect((await t.db.select().from(accounts)).map((r) => r.username)).toEqual(["editor"]);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
