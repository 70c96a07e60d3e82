import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app";
import {
  createPgliteDataDir,
  type Database,
  migrationCount,
  openPglite,
  rowsOf,
  runMigrations,
} from "./connect";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const ADD = {
  name: "test_add",
  text: "SELECT $1::int + $2::int AS sum, $3::text AS label, $4::text AS nothing",
};
const CLAIM = {
  name: "test_claim",
  text: "INSERT INTO job_runs (name, next_run_at) VALUES ($1, now()) RETURNING name",
};

describe("prepared statements (the vote path)", () => {
  it("answer typed rows, the same statement many times and side by side", async () => {
    database = await createTestDatabase();
    const db = database;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.runPrepared<{ sum: number; label: string; nothing: null }>(ADD, [i, 1, `n${i}`, null]),
      ),
    );
    expect(answers.map((rows) => rows[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ sum: i + 1, label: `n${i}`, nothing: null })),
    );
  });

  it("report a database error and keep working", async () => {
    database = await createTestDatabase();
    await expect(database.runPrepared(CLAIM, ["twice"])).resolves.toEqual([{ name: "twice" }]);
    await expect(database.runPrepared(CLAIM, ["twice"])).rejects.toMatchObject({ code: "23505" });
    await expect(database.runPrepared(CLAIM, ["after"])).resolves.toEqual([{ name: "after" }]);
  });

  it("never run inside another request's open transaction", async () => {
    database = await createTestDatabase();
    const db = database.db;
    await database.runPrepared(CLAIM, ["prepared"]);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        entered();
        await gate;
        tx.rollback();
      })
      .catch(() => "rolled back");
    await inside;
    // Sent while the transaction is open: on PGlite's one connection it must wait, not join it.
    const claimed = database.runPrepared(CLAIM, ["outside"]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await rolledBack).toBe("rolled back");
    expect(await claimed).toEqual([{ name: "outside" }]);
    const stored = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM job_runs WHERE name = 'outside'`),
    );
    expect(stored[0]?.n).toBe(1);
  });
});

describe("the embedded database's memory", () => {
  it.skipIf(process.env.TEST_DB === "postgres")(
    "keeps shared buffers at 32 MB inside PGlite's WebAssembly memory",
    async () => {
      database = await createTestDatabase();
      const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`SHOW shared_buffers`));
      expect(row?.shared_buffers).toBe("32MB");
    },
  );
});

describe("a new embedded data directory", () => {
  it("is built beside the real one and moved into place complete, then opens and keeps its data", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mg-datadir-"));
    const dataDir = path.join(root, "pglite");
    // Left by a start cut off halfway: cleared away.
    fs.mkdirSync(path.join(root, "pglite.creating-1"));
    try {
      createPgliteDataDir(dataDir);
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      expect(fs.readdirSync(root)).toEqual(["pglite"]);

      database = await openPglite(dataDir);
      await database.db.execute(sql`CREATE TABLE kept (n int)`);
      await database.db.execute(sql`INSERT INTO kept VALUES (42)`);
      await database.close();
      // A second start finds the directory and leaves it as it is.
      createPgliteDataDir(dataDir);
      database = await openPglite(dataDir);
      expect(rowsOf(await database.db.execute(sql`SELECT n FROM kept`))).toEqual([{ n: 42 }]);
    } finally {
      await database?.close();
      database = undefined;
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("runMigrations", () => {
  it("answers what it applied: every migration on a new database, none on the next start", async () => {
    database = await openPglite(undefined);
    const all = migrationCount();
    const first = await runMigrations(database);
    expect(first).toMatchObject({ from: 0, to: all });
    expect(first.applied).toHaveLength(all);
    expect(first.applied[0]).toBe("0000_init");
    expect(first.applied.every((tag) => /^\d{4}_\w+$/.test(tag))).toBe(true);
    expect(await runMigrations(database)).toEqual({ from: all, to: all, applied: [] });
  });
});
