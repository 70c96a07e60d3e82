import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The one database handle type the services use; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  close(): Promise<void>;
}

/** The rows of a raw `db.execute` answer: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "migrations");

// Any number, fixed: every process that migrates takes this advisory lock, so migrations run once.
const MIGRATION_LOCK = 7_215_401;

/** Opens the embedded database in a directory (or in memory with `dataDir` undefined). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ dataDir, loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export function openPostgres(url: string, max = 10): Database {
  // A server that stops answering must give a quick 503, not requests that hang: both waits are bounded.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: "postgres", url, close: () => pool.end() };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // Several processes may start together on one PostgreSQL; the lock makes the others wait, then find
  // nothing left to do.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_DIR });
  });
}
