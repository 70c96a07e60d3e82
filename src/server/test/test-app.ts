import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openPglite, openPostgres } from "../db/connect";
import { ensureSettings } from "../features/settings/settings.service";
import type { App } from "../types";
import { withDatabase } from "./global-setup";

/** A fresh database with the real migrations: PGlite by default, PostgreSQL in the "postgres" project. */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `mg_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    const database = openPostgres(withDatabase(url, name), 20);
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject("pgliteTemplate"));
  return openPglite(undefined, new Blob([dump]));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // The list cache is off by default in tests, which write to the database directly between requests; its
  // own tests turn it on. The overload 503s are off too: a loaded test machine is not an overloaded server.
  return {
    ...loadConfig({ SEED_DEMO: "false" }),
    staticDir: undefined,
    listCacheMs: 0,
    maxEventLoopDelayMs: 0,
    maxRssMb: 0,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  database: Database;
  db: Database["db"];
  close(): Promise<void>;
}

/** The whole app on a fresh database, settings in place, not listening: requests go through inject(). */
export async function createTestApp(overrides: Partial<Config> = {}, now = new Date()): Promise<TestApp> {
  const database = await createTestDatabase();
  await ensureSettings(database.db, now);
  const app = await buildApp({ config: testConfig(overrides), database });
  return {
    app,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
