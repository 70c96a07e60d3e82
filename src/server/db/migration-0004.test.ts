import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { withDatabase } from "../test/global-setup";
import { slowSuite } from "../test/slow-suite";
import { type Database, MIGRATIONS_DIR, migrateFolder, openPglite, openPostgres, rowsOf } from "./connect";

slowSuite();

// Migration 0004 (one stage per headline) on a database holding every combination the old seven flags
// allowed: each of the 2^5 combinations of the five stage flags, with and without a contract address.

/** A migrations folder holding only the migrations up to `last` (the journal trimmed to match). */
function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await database?.close();
  await drop?.();
  database = undefined;
  drop = undefined;
});

async function freshDatabase(): Promise<{ db: Database; migrate: (folder: string) => Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `mg_mig_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = openPostgres(withDatabase(url, name), 2);
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    return {
      db,
      migrate: async (folder) => {
        await migrateFolder(db.db, folder);
      },
    };
  }
  const db = await openPglite(undefined);
  return {
    db,
    migrate: async (folder) => {
      await migrateFolder(db.db, folder);
    },
  };
}

const FLAGS = ["is_approved", "is_winner", "is_todays_news", "is_tomorrows_news", "is_old_news"] as const;

/** The mapping decision 007 describes, written independently of the SQL. */
function expectedStage(f: Record<string, boolean>, current: boolean, address: boolean): string {
  if (current) return "winner";
  if (f.is_winner) return "past_winner";
  if (f.is_old_news || (f.is_approved && address)) return "launched";
  if (!f.is_approved) return "pending";
  if (f.is_todays_news) return "today";
  if (f.is_tomorrows_news) return "tomorrow";
  return "held";
}

describe("migration 0004: one stage per headline", () => {
  it("maps every old combination of flags to one stage that the new constraints accept", async () => {
    const fresh = await freshDatabase();
    database = fresh.db;
    await fresh.migrate(migrationsUpTo(3));
    const db = fresh.db.db;

    const rows: Array<{ title: string; flags: Record<string, boolean>; address: boolean }> = [];
    for (let mask = 0; mask < 32; mask++)
      for (const address of [false, true]) {
        const flags = Object.fromEntries(FLAGS.map((f, i) => [f, Boolean(mask & (1 << i))]));
        rows.push({ title: `combo ${mask} ${address}`, flags, address });
      }
    for (const r of rows)
      await db.execute(sql`INSERT INTO headlines (title, description, is_approved, is_winner, is_todays_news,
          is_tomorrows_news, is_old_news, contract_address, votes)
        VALUES (${r.title}, 'd', ${r.flags.is_approved}, ${r.flags.is_winner}, ${r.flags.is_todays_news},
          ${r.flags.is_tomorrows_news}, ${r.flags.is_old_news},
          ${r.address ? "So11111111111111111111111111111111111111112" : null}, 3)`);
    // Paid facts: a rejected payment, a verified one, and is_paid without a payment (cleared).
    await db.execute(sql`INSERT INTO headlines (title, description, transaction_id, payment_note)
      VALUES ('rejected paid', 'd', 'tx-rejected-0001', 'Rejected by staff')`);
    await db.execute(sql`INSERT INTO headlines (title, description, is_approved, is_todays_news, is_paid, transaction_id)
      VALUES ('verified paid', 'd', true, true, true, 'tx-verified-0001')`);
    await db.execute(sql`INSERT INTO headlines (title, description, is_approved, is_todays_news, is_paid)
      VALUES ('paid without payment', 'd', true, true, true)`);
    // The current winner: the approved, today's-news winner with no address.
    const [current] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM headlines WHERE title = ${"combo 7 false"}`),
    );
    await db.execute(sql`INSERT INTO settings (id, voting_end_time, launch_time, current_winner_id)
      VALUES (1, now(), now() + interval '2 hours', ${current?.id})`);
    // A moved winner with its archive entry, written twice by the old double-move.
    const [moved] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM headlines WHERE title = ${"combo 19 false"}`),
    );
    for (let i = 0; i < 2; i++)
      await db.execute(sql`INSERT INTO archive_entries (headline_id, title, votes, launch_date)
        VALUES (${moved?.id}, 'moved', 3, '2026-11-01')`);

    await fresh.migrate(MIGRATIONS_DIR);

    const after = rowsOf<{
      id: number;
      title: string;
      stage: string;
      old_news_at: unknown;
      is_paid: boolean;
    }>(await db.execute(sql`SELECT id, title, stage, old_news_at, is_paid FROM headlines ORDER BY id`));
    const byTitle = new Map(after.map((r) => [r.title, r]));
    for (const r of rows) {
      const row = byTitle.get(r.title);
      const isCurrent = r.title === "combo 7 false";
      expect(row?.stage, r.title).toBe(expectedStage(r.flags, isCurrent, r.address));
      const onYesterday =
        row?.stage === "launched" ||
        ((row?.stage === "winner" || row?.stage === "past_winner") && (r.flags.is_old_news || r.address));
      expect(row?.old_news_at !== null, r.title).toBe(onYesterday);
    }
    expect(byTitle.get("rejected paid")?.stage).toBe("rejected");
    expect(byTitle.get("verified paid")).toMatchObject({ stage: "today", is_paid: true });
    expect(byTitle.get("paid without payment")).toMatchObject({ stage: "today", is_paid: false });

    // Every past winner is in the Archive exactly once: vanished ones got their entry, duplicates went.
    const archive = rowsOf<{ headline_id: number }>(
      await db.execute(sql`SELECT headline_id FROM archive_entries`),
    );
    const pastWinners = after.filter((r) => r.stage === "past_winner").map((r) => r.id);
    expect(archive.map((a) => a.headline_id).sort()).toEqual(
      // Moved winners (is_old_news) other than `moved` had no entry before and get none: they were moved
      // by hand and never archived; the vanished ones (not moved) get theirs.
      [
        moved?.id,
        ...rows
          .filter((r) => r.flags.is_winner && !r.flags.is_old_news && r.title !== "combo 7 false")
          .map((r) => byTitle.get(r.title)?.id),
      ].sort(),
    );
    expect(pastWinners.length).toBeGreaterThan(0);
    // One transition row per headline, and the cast_vote function reads the lists the database computes.
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM headline_transitions WHERE action = 'migrate'`),
    );
    expect(count?.n).toBe(after.length);
    const fn = rowsOf<{ src: string }>(
      await db.execute(sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'cast_vote'`),
    );
    expect(fn[0]?.src).toContain("h.in_todays_voting");
    expect(fn[0]?.src).not.toContain("is_approved");
  });
});
