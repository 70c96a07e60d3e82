import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { readMigrations } from "./migration-files";
import { type PgliteLocks, pglitePrepared } from "./pglite-prepared";
import * as schema from "./schema";

/** The one database handle type the services use; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  /**
   * Runs a statement prepared once per connection, in one round trip and without drizzle, and answers its rows.
   * Only for the hottest path (the vote): there drizzle's per-query work and a one-off statement's parse and
   * plan cost more than the vote itself (measured on PGlite: 1.0 ms of CPU through drizzle, 0.5 ms prepared).
   */
  runPrepared<T>(statement: PreparedStatement, values: readonly StatementValue[]): Promise<T[]>;
  /**
   * PGlite only: sends the statements waiting for the end of their turn to be committed as a group
   * (`groupCommit`, decision 020) at once. The server calls it as it starts on a read, so that a vote never
   * waits for the pages read in its turn (issue 28); any other statement sends them first by itself.
   */
  sendWaitingGroup?(): void;
  /** Calls `observer` with the seconds each statement took (the metrics' query-time histogram). */
  observeQueries(observer: QueryObserver): void;
  /**
   * Hears the database's change announcements (CHANGE_CHANNEL). PGlite calls `onPayload` before the
   * statement that made the change answers. On PostgreSQL every change, this process's and the others',
   * comes through one connection of its own (changesHeard() says when this process's have arrived), which
   * comes back by itself after it drops; `onResume` is called then, since whatever was announced meanwhile
   * was missed. PGlite is in this process and never drops. Answers the function that stops listening.
   */
  listenForChanges(onPayload: (payload: string) => void, onResume: () => void): Promise<() => Promise<void>>;
  /**
   * Resolves once every change this process committed before the call has been passed to listenForChanges'
   * `onPayload` (decision 010: a request that changed a list answers only then, so its visitor never gets the
   * list from before the change out of a cache). PGlite: at once, its listeners are called before the
   * statement answers. PostgreSQL: a token sent through the listening connection comes back after the
   * change's announcement; waited for CHANGES_HEARD_TIMEOUT_MS at most, and not at all while not listening.
   */
  changesHeard(): Promise<void>;
  /**
   * The connection pool's state, for the metrics: PostgreSQL only (node-postgres' Pool). PGlite has none to
   * report: it is one connection inside this process, whose queue is in db_query_duration_seconds.
   */
  poolStats?(): PoolStats;
  /**
   * PGlite only: its data directory as an uncompressed tar (PGlite's dumpDataDir), taken between
   * transactions on its one connection, so it holds exactly the transactions committed before it began
   * (a crash-consistent copy: its write-ahead log is replayed when it is loaded). Backups: db/backup.ts.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export type QueryObserver = (seconds: number) => void;

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because every one is busy and the pool is at its maximum. */
  waiting: number;
  max: number;
}

/**
 * The channel migration 0010's triggers NOTIFY when a transaction changed a public list; the payload names
 * the lists (src/common/live.ts).
 */
export const CHANGE_CHANNEL = "mg_change";

/**
 * Times every statement a driver sends, by wrapping the method each statement goes through (PGlite's
 * query/exec and the prepared path, the pool's query). Transactions run on their own handle and are not timed.
 */
class QueryTimer {
  private observer: QueryObserver | undefined;

  readonly observe = (observer: QueryObserver) => {
    this.observer = observer;
  };

  timed<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) => {
      const observer = this.observer;
      if (!observer) return run(...args);
      const started = performance.now();
      const result = run(...args);
      // A callback-style call answers no promise: leave it untimed rather than break it.
      return result instanceof Promise
        ? result.finally(() => observer((performance.now() - started) / 1000))
        : result;
    };
  }

  wrap(target: object, methods: readonly string[]): void {
    const host = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const name of methods) {
      const original = host[name];
      if (original) host[name] = this.timed(original.bind(target));
    }
  }
}

/** How many migrations this build carries: /readyz is ready once the database has applied them all. */
export function migrationCount(): number {
  return migrationTags().length;
}

/** A statement for Database.runPrepared: the name must be unique to this text. */
export interface PreparedStatement {
  name: string;
  text: string;
  /**
   * On PGlite, may share a transaction with other such statements that arrive while the connection is busy
   * (db/pglite-prepared.ts, decision 020): only for a statement that does its whole work itself and whose
   * callers need nothing but its own answer. PostgreSQL runs each alone on a pooled connection.
   */
  groupCommit?: boolean;
}

export type StatementValue = string | number | null;

/** The rows of a raw `db.execute` answer: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "migrations");

// Any number, fixed: every process that migrates takes this advisory lock, so migrations run once.
const MIGRATION_LOCK = 7_215_401;

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory, which never
 * shrinks: opening an existing database took 300-315 MB of RSS with it and 160-186 MB with 32 MB (measured
 * here, 400k rows written after). The data files stay in the operating system's page cache behind it, so a
 * small site's working set still reads from memory.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** Opens the embedded database in a directory (or in memory with `dataDir` undefined). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir && !loadDataDir) createPgliteDataDir(dataDir);
  const client = await PGlite.create({ dataDir, loadDataDir, startParams: PGLITE_START_PARAMS });
  const timer = new QueryTimer();
  timer.wrap(client, ["query", "exec"]);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const prepared = pglitePrepared(client);
  return {
    db,
    kind: "pglite",
    runPrepared: timer.timed(prepared.run) as Database["runPrepared"],
    sendWaitingGroup: prepared.sendWaitingGroup,
    observeQueries: timer.observe,
    // PGlite hands a notification to its listeners while it reads the statement's answer, before that
    // statement's promise settles: a change is heard in this process before the request that made it answers.
    listenForChanges: async (onPayload) => {
      const unlisten = await client.listen(CHANGE_CHANNEL, onPayload);
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
    dumpDataDir: async () => {
      // As a statement would: after any open transaction, then alone on the connection while the files are read.
      const locks = client as unknown as PgliteLocks;
      const tar = await locks._runExclusiveTransaction(() => client.dumpDataDir("none"));
      return new Uint8Array(await tar.arrayBuffer());
    },
    changesHeard: () => Promise.resolve(),
    close: () => client.close(),
  };
}

/**
 * Makes a new data directory in a child process, once. PGlite's initdb grows the WebAssembly memory of the
 * instance that runs it to about 850 MB, and WebAssembly memory never shrinks: a server that ran it itself
 * kept that for as long as it lived, where one that opens an existing directory holds about 300 MB. The
 * child builds the directory beside the real one and renames it into place when complete, so a start cut
 * off halfway leaves nothing that looks like a database.
 */
export function createPgliteDataDir(dataDir: string): void {
  // A directory with anything in it is left to PGlite as it is: it is not this function's to replace.
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return;
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.creating-`;
  fs.mkdirSync(parent, { recursive: true });
  // What a start cut off halfway left behind (the DATA_DIR lock keeps other processes out meanwhile).
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const building = path.join(parent, `${prefix}${process.pid}`);
  const script = `const { PGlite } = await import(process.env.MG_PGLITE_MODULE);
    await (await PGlite.create({ dataDir: process.env.MG_PGLITE_DIR })).close();`;
  try {
    // Synchronous: nothing else runs before the database is open, and an asynchronous child left Node's
    // stream code measurably slower for the rest of the process's life (its pipes make that code polymorphic:
    // 43 µs of CPU per cached list instead of 35).
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      env: {
        ...process.env,
        MG_PGLITE_MODULE: import.meta.resolve("@electric-sql/pglite"),
        MG_PGLITE_DIR: building,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    fs.rmSync(dataDir, { recursive: true, force: true }); // empty, if there at all
    fs.renameSync(building, dataDir);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/**
 * `url` is the pool's (PgBouncer in transaction mode will do: a pooled connection never LISTENs); `listenUrl`
 * is the one connection that listens, which needs a session of its own (PostgreSQL itself, or a pool in
 * session mode): LISTEN_DATABASE_URL, else DATABASE_URL.
 */
export function openPostgres(url: string, max = 10, listenUrl = url): Database {
  // A server that stops answering must give a quick 503, not requests that hang: both waits are bounded.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on("error", () => {});
  const timer = new QueryTimer();
  timer.wrap(pool, ["query"]);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<PostgresListener>();
  return {
    db,
    kind: "postgres",
    url,
    // pg prepares a named statement once on each pooled connection, then sends Bind/Execute/Sync.
    runPrepared: async <T>(statement: PreparedStatement, values: readonly StatementValue[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: [...values] })).rows as T[],
    observeQueries: timer.observe,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    listenForChanges: async (onPayload, onResume) => {
      const listener = new PostgresListener(listenUrl, onPayload, onResume);
      listeners.add(listener);
      // A database that is down at start-up must not stop the process (/readyz says 503 meanwhile).
      await listener.start().catch(() => listener.retry());
      return async () => {
        listeners.delete(listener);
        listener.close();
      };
    },
    changesHeard: async () => {
      await Promise.all([...listeners].map((listener) => listener.heard()));
    },
    close: () => pool.end(),
  };
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_MS = 2_000;

/**
 * How long changesHeard() waits for the listening connection at most: a listener that is slow or cut must not
 * hold answers back. The caches then keep what they hold for LIST_CACHE_MS at most, as for anything unheard.
 */
export const CHANGES_HEARD_TIMEOUT_MS = 1_000;

interface HeardRound {
  promise: Promise<void>;
  resolve: () => void;
}

/**
 * LISTEN on a connection of its own, the only one of the process (pooled connections never LISTEN: behind
 * PgBouncer in transaction mode a pooled session is not this process's, and every listening session is sent
 * every notification). When it drops (a restart of PostgreSQL, a network cut) it connects again every 2 s
 * until it can, then reports that it may have missed something.
 *
 * It also proves when this process's own changes have been heard (heard()): PostgreSQL queues every
 * notification at commit, in commit order, and a listening session reads that queue in order. A
 * `pg_notify` on a channel only this connection listens to, sent after a change committed, is read after
 * the change's own announcement: once its token is back, the change has reached onNotification. It is sent
 * on this connection itself rather than through the pool, so the wait takes no pooled connection from the
 * requests.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  /** LISTEN is in place on `client`: heard() may send its tokens. */
  private listening = false;
  private closed = false;
  /** This process's own channel for heard()'s tokens: no other process is sent them. */
  private readonly tokenChannel = `mg_heard_${randomBytes(8).toString("hex")}`;
  private tokens = 0;
  private readonly awaitingToken = new Map<string, () => void>();
  /** A token round on the connection (one at a time: pg queues a second query, and warns). */
  private roundInFlight = false;
  /** The next round: everyone who asks while one is in flight waits for the same next token. */
  private next: HeardRound | undefined;

  constructor(
    private readonly url: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onResume: () => void,
  ) {}

  private readonly onNotification = (message: pg.Notification) => {
    if (message.channel === this.tokenChannel) {
      this.awaitingToken.get(message.payload ?? "")?.();
      return;
    }
    this.onPayload(message.payload ?? "");
  };

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", this.onNotification);
    // A client that failed or was closed by the server is done: a new one takes its place (pg does not
    // reconnect a client). Ending it on error emits "end" too, by then for a client no longer current.
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.stopListening();
      void client.end().catch(() => {});
      this.retry();
    };
    client.on("error", lost);
    client.on("end", lost);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}; LISTEN ${this.tokenChannel}`);
      if (this.client === client) this.listening = true;
    } catch (error) {
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => {});
      throw error;
    }
  }

  /**
   * Resolves once every change this process committed before the call has been passed to onPayload, or
   * after CHANGES_HEARD_TIMEOUT_MS, or at once while not listening (nothing would be heard: the resume
   * counts every list as changed).
   */
  heard(): Promise<void> {
    if (!this.listening) return Promise.resolve();
    if (this.next) return this.next.promise;
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      // Bounded from the moment it is asked for, even when the round before is stuck on its query.
      const timeout = setTimeout(r, CHANGES_HEARD_TIMEOUT_MS);
      timeout.unref();
      resolve = () => {
        clearTimeout(timeout);
        r();
      };
    });
    this.next = { promise, resolve };
    if (!this.roundInFlight) void this.sendRounds();
    return promise;
  }

  /** Sends the waiting round's token, then the next round's, until nobody waits. */
  private async sendRounds(): Promise<void> {
    this.roundInFlight = true;
    try {
      for (let round = this.next; round; round = this.next) {
        this.next = undefined;
        const client = this.client;
        if (!client || !this.listening) {
          round.resolve();
          continue;
        }
        const token = String(++this.tokens);
        let timeout: ReturnType<typeof setTimeout> | undefined;
        const tokenBack = new Promise<void>((resolve) => {
          this.awaitingToken.set(token, resolve);
          timeout = setTimeout(resolve, CHANGES_HEARD_TIMEOUT_MS);
          timeout.unref();
        });
        const sent = client
          .query({ name: "mg_heard", text: "SELECT pg_notify($1, $2)", values: [this.tokenChannel, token] })
          .then(
            () => {},
            () => this.awaitingToken.get(token)?.(),
          );
        await tokenBack;
        clearTimeout(timeout);
        this.awaitingToken.delete(token);
        round.resolve();
        // The next token waits for this query's answer: one query at a time on the connection.
        await sent;
      }
    } finally {
      this.roundInFlight = false;
    }
  }

  /** The connection is gone: nothing more will be heard on it, so nobody waits for it. */
  private stopListening(): void {
    this.listening = false;
    for (const resolve of this.awaitingToken.values()) resolve();
    this.awaitingToken.clear();
  }

  retry(): void {
    if (this.closed) return;
    setTimeout(() => {
      this.start().then(
        () => this.onResume(),
        () => this.retry(),
      );
    }, RELISTEN_MS).unref();
  }

  close(): void {
    this.closed = true;
    this.stopListening();
    void this.client?.end().catch(() => {});
    this.client = undefined;
  }
}

/** A database a newer release has migrated: this release refuses to run on it rather than fail later. */
export class NewerDatabaseError extends Error {}

/** The migrations drizzle has recorded as applied (none on an empty database). */
async function appliedMigrations(db: Db): Promise<Array<{ createdAt: number }>> {
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`),
  );
  if (!table?.name) return [];
  return rowsOf<{ created_at: string | number }>(
    await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations`),
  ).map((r) => ({ createdAt: Number(r.created_at) }));
}

/**
 * What drizzle's migrate() does (its dialect's migrate, same table and records), on the migrations with
 * their function sources included (migration-files.ts), and through `db` itself: inside the start-up lock's
 * transaction its own transaction is a savepoint (drizzle's opens a second BEGIN on the session and commits
 * the caller's transaction with it, releasing the lock early). A database that has a migration this
 * release does not know (a newer release migrated it: drizzle records each migration by its folder time)
 * is refused with a clear message: this release's code may read what that migration changed wrongly, and
 * a roll-back to it must be deliberate (restore a backup, or run the newer release).
 */
export async function migrateFolder(db: Db, migrationsFolder = MIGRATIONS_DIR): Promise<MigrationsApplied> {
  const migrations = readMigrations(migrationsFolder);
  const applied = await appliedMigrations(db);
  const newest = Math.max(0, ...migrations.map((m) => m.folderMillis));
  const unknown = applied.filter((m) => m.createdAt > newest);
  if (unknown.length > 0) {
    throw new NewerDatabaseError(
      `This database was migrated by a newer release: ${unknown.length} of its migrations are not in this ` +
        `release (which knows ${migrations.length}). Start the newer release on it, or restore a backup ` +
        "made before that migration.",
    );
  }
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const last = Math.max(0, ...applied.map((m) => m.createdAt));
  const toRun = migrations.filter((m) => m.folderMillis > last);
  await db.transaction(async (tx) => {
    for (const migration of toRun) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
  const from = applied.length;
  const to = from + toRun.length;
  return { from, to, applied: migrationTags(migrationsFolder).slice(from, to) };
}

/**
 * Runs `prepare` as the only process doing so: several processes may start together on one PostgreSQL, and
 * what a start does to the database (migrations, the sample edition, the settings row, the first accounts)
 * must happen once, whole; the others wait on the lock, then find nothing left to do. PGlite has one
 * process per data directory (data-dir-lock.ts).
 */
export async function withStartupLock<T>(database: Database, prepare: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind === "pglite") return prepare(database.db);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    return prepare(tx as unknown as Db);
  });
}

/** What a start's migration did: how many had run before and after, and the tags of those it ran now. */
export interface MigrationsApplied {
  from: number;
  to: number;
  applied: string[];
}

export async function runMigrations(database: Database): Promise<MigrationsApplied> {
  return withStartupLock(database, (db) => migrateFolder(db));
}

/** The migrations' tags in order (0000_init, ...), from drizzle-kit's journal. */
function migrationTags(migrationsFolder = MIGRATIONS_DIR): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return (journal as { entries: Array<{ tag: string }> }).entries.map((entry) => entry.tag);
}
