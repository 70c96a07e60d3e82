import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Database,
  NewerDatabaseError,
  openPglite,
  openPostgres,
  rowsOf,
  runMigrations,
} from "./db/connect";
import { prepareDatabase } from "./startup";
import { withDatabase } from "./test/global-setup";
import { testConfig } from "./test/test-app";

/** What a start does to the database: once, whole, and never on a database a newer release migrated. */

const ON_POSTGRES = process.env.TEST_DB === "postgres";
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database (no migrations): a fresh PostgreSQL database, or an in-memory PGlite. */
async function emptyDatabase(): Promise<() => Database> {
  if (!ON_POSTGRES) {
    const db = await openPglite(undefined);
    cleanups.push(() => db.close());
    return () => db;
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `mg_start_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  // Each call is another process's own pool on the same database.
  return () => {
    const db = openPostgres(withDatabase(url, name), 4);
    cleanups.push(() => db.close());
    return db;
  };
}

const log = Fastify({ logger: false }).log;

describe("the start-up", () => {
  it.runIf(ON_POSTGRES)(
    "two processes starting together on an empty PostgreSQL database add the sample edition and the first accounts once",
    async () => {
      const open = await emptyDatabase();
      const config = testConfig({
        seedDemo: true,
        adminPassword: "two-starts-password",
        staffPassword: undefined,
      });
      const [a, b] = [open(), open()];
      await Promise.all([prepareDatabase(a, config, log), prepareDatabase(b, config, log)]);
      const [counts] = rowsOf<{ winners: number; accounts: number; settings: number; headlines: number }>(
        await a.db.execute(sql`SELECT
          (SELECT count(*)::int FROM headlines WHERE stage = 'winner') AS winners,
          (SELECT count(*)::int FROM accounts) AS accounts,
          (SELECT count(*)::int FROM settings) AS settings,
          (SELECT count(*)::int FROM headlines) AS headlines`),
      );
      expect(counts).toMatchObject({ winners: 1, accounts: 1, settings: 1 });
      expect(counts?.headlines).toBeGreaterThan(10);
      expect(counts?.headlines).toBeLessThan(30); // one sample edition, not two
    },
    60_000,
  );

  it("refuses a database a newer release migrated, with a message that says what to do", async () => {
    const open = await emptyDatabase();
    const database = open();
    await runMigrations(database);
    // A migration this release does not carry, as a newer release would have recorded it.
    await database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', 9999999999999)`,
    );
    const refused = prepareDatabase(database, testConfig(), log);
    await expect(refused).rejects.toBeInstanceOf(NewerDatabaseError);
    await expect(refused).rejects.toThrow(
      /migrated by a newer release: 1 of its migrations are not in this release/,
    );
  });
});
