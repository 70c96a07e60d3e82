import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openPglite, openPostgres, rowsOf } from "../db/connect";
import { ensureSettings } from "../features/settings/settings.service";
import type { App } from "../types";
import { withDatabase } from "./global-setup";

/**
 * A fresh database with the real migrations: PGlite by default, PostgreSQL in the "postgres" project.
 * `own`: a PGlite database of its own, really closed by close() (a test that cuts the database off).
 */
export async function createTestDatabase({ own = false } = {}): Promise<Database> {
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
  return own ? openFromTemplate() : reusedPglite();
}

/**
 * PGlite: one database per test worker (vitest.config.ts shares a worker's modules between its files),
 * emptied when the next test takes it, and gone with the worker. Loading one from the template costs
 * 300-400 ms of a busy core, emptying it about 15 ms, and most tests take one. The template holds no row, so
 * an emptied database is the same as a new one. A test that holds two at once gets a new one for the
 * second, closed as usual. A test that changes the schema (a trigger, a function) drops it again.
 */
let reusable: { database: Database; inUse: boolean; truncate: string | undefined } | undefined;

const openFromTemplate = () => openPglite(undefined, new Blob([fs.readFileSync(inject("pgliteTemplate"))]));

async function reusedPglite(): Promise<Database> {
  if (reusable?.inUse) return openFromTemplate();
  reusable ??= { database: await openFromTemplate(), inUse: false, truncate: undefined };
  const entry = reusable;
  entry.inUse = true;
  // The first test gets it as loaded; the statement that empties it is made then, once, for the next ones.
  if (entry.truncate) await entry.database.db.execute(sql.raw(entry.truncate));
  else entry.truncate = await truncateStatement(entry.database);
  return {
    ...entry.database,
    async close() {
      entry.inUse = false;
    },
  };
}

/**
 * TRUNCATE of every table but server_secrets: the vote evidence keeps the secret it read per database handle for the
 * process's life (vote-evidence.ts), as a server does.
 */
async function truncateStatement({ db }: Database): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = 'public' AND tablename <> 'server_secrets'`,
    ),
  );
  return `TRUNCATE ${tables.map((t) => t.name).join(", ")} RESTART IDENTITY CASCADE`;
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
export async function createTestApp(
  overrides: Partial<Config> = {},
  now = new Date(),
  firstPaint?: BuildAppOptions["firstPaint"],
): Promise<TestApp> {
  const database = await createTestDatabase();
  await ensureSettings(database.db, now);
  const app = await buildApp({ config: testConfig(overrides), database, firstPaint });
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

/** The built browser app in miniature: a directory holding `indexHtml` as its page, for `staticDir`. */
export function builtPage(indexHtml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-page-"));
  fs.writeFileSync(path.join(dir, "index.html"), indexHtml);
  return dir;
}
