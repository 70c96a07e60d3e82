import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HEADLINE_STAGES } from "@/common/headline";
import {
  findHeadlinePage,
  listHomeHeadlines,
  listTomorrowsNews,
  listYesterdaysNews,
} from "../features/headlines/headlines.service";
import { slowSuite } from "../test/slow-suite";
import { createTestDatabase } from "../test/test-app";
import { type Database, MIGRATIONS_DIR, rowsOf } from "./connect";
import { functionSources } from "./migration-files";
import { headlines, IN_TODAYS_VOTING_SQL, IN_TOMORROWS_NEWS_SQL, IS_PUBLIC_SQL } from "./schema";

slowSuite();

/**
 * The database's own rules are written once: each function in migrations/functions/, each generated list
 * column in schema.ts. These tests fail when the database runs something else, and when the pages' queries
 * and the change triggers could disagree on which lists a headline is in.
 */

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

describe("one readable source for each database rule", () => {
  it("runs each function exactly as its source file in migrations/functions says", async () => {
    const sources = functionSources(MIGRATIONS_DIR);
    expect([...sources.keys()].sort()).toEqual([
      "announce_headline_change",
      "cast_vote",
      "edition_follows_settings",
      "headline_live_topics",
      "headline_stage_mirror",
      "telegram_launch_post",
      "telegram_race_open_post",
    ]);
    for (const [name, body] of sources) {
      const rows = rowsOf<{ src: string }>(
        await database.db.execute(sql`SELECT prosrc AS src FROM pg_proc WHERE proname = ${name}`),
      );
      expect(rows.map((r) => r.src)).toEqual([body]);
    }
  });

  it("computes the list columns with the expressions schema.ts declares", async () => {
    // The database keeps a generated column's expression in its own normalized form: a scratch table with
    // schema.ts's expressions gets the same form when they are the same.
    await database.db.execute(sql.raw(`CREATE TEMP TABLE list_rules (LIKE headlines)`));
    const columns = {
      in_todays_voting: IN_TODAYS_VOTING_SQL,
      in_tomorrows_news: IN_TOMORROWS_NEWS_SQL,
      is_public: IS_PUBLIC_SQL,
    };
    for (const [name, expression] of Object.entries(columns)) {
      await database.db.execute(
        sql.raw(
          `ALTER TABLE list_rules ADD COLUMN "${name}_check" boolean GENERATED ALWAYS AS (${expression}) STORED`,
        ),
      );
    }
    const expressions = rowsOf<{ table: string; column: string; expression: string }>(
      await database.db.execute(sql`
        SELECT c.relname AS table, a.attname AS column, pg_get_expr(d.adbin, d.adrelid) AS expression
        FROM pg_attrdef d
        JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        JOIN pg_class c ON c.oid = d.adrelid
        WHERE a.attgenerated = 's' AND c.relname IN ('headlines', 'list_rules')`),
    );
    for (const name of Object.keys(columns)) {
      const stored = expressions.find((e) => e.table === "headlines" && e.column === name)?.expression;
      const declared = expressions.find(
        (e) => e.table === "list_rules" && e.column === `${name}_check`,
      )?.expression;
      expect(stored, name).toBeDefined();
      expect(stored, name).toBe(declared);
    }
  });
});

describe("the pages and the change triggers agree on every headline's lists", () => {
  it("for every stage, switch, payment, deletion and Yesterday's News combination", async () => {
    const db = database.db;
    const combos: Array<typeof headlines.$inferInsert> = [];
    const payments = [
      {},
      { paymentReference: "ref", isPaid: false },
      { transactionId: "tx", isPaid: false },
      { transactionId: "tx", isPaid: true },
    ];
    let n = 0;
    for (const stage of HEADLINE_STAGES)
      for (const listedToday of [false, true])
        for (const listedTomorrow of [false, true])
          for (const payment of payments)
            for (const deleted of [false, true])
              for (const oldNews of [false, true]) {
                n += 1;
                combos.push({
                  title: `combo ${n}`,
                  description: "every combination",
                  stage,
                  listedToday,
                  listedTomorrow,
                  ...payment,
                  ...(payment.paymentReference && { paymentReference: `ref-${n}` }),
                  ...(payment.transactionId && { transactionId: `tx-${n}` }),
                  deletedAt: deleted ? new Date() : null,
                  oldNewsAt: oldNews ? new Date() : null,
                });
              }
    let stored = 0;
    for (const combo of combos) {
      // The CHECK constraints refuse some combinations: those cannot exist, so they need no answer.
      const inserted = await db
        .transaction(async (tx) => {
          try {
            await tx.insert(headlines).values(combo);
            return true;
          } catch {
            tx.rollback();
            return false;
          }
        })
        .catch(() => false);
      if (inserted) stored += 1;
    }
    expect(stored).toBeGreaterThan(200);

    const [home, tomorrow, yesterday] = await Promise.all([
      listHomeHeadlines(db),
      listTomorrowsNews(db),
      listYesterdaysNews(db),
    ]);
    const ids = (list: Array<{ id: number }>) => new Set(list.map((h) => h.id));
    const lists = { home: ids(home), tomorrow: ids(tomorrow), yesterday: ids(yesterday) };
    const rows = rowsOf<{ id: number; topics: string[] }>(
      await db.execute(
        sql`SELECT id, headline_live_topics(is_public, in_tomorrows_news, old_news_at) AS topics FROM headlines`,
      ),
    );
    for (const row of rows) {
      const page = await findHeadlinePage(db, row.id);
      const [h] = await db.select().from(headlines).where(eq(headlines.id, row.id));
      const what = JSON.stringify(h);
      expect(row.topics.includes("headlines"), what).toBe(page !== null);
      if (lists.home.has(row.id)) expect(page, what).not.toBeNull();
      expect(row.topics.includes("tomorrows-news"), what).toBe(lists.tomorrow.has(row.id));
      expect(row.topics.includes("yesterdays-news"), what).toBe(lists.yesterday.has(row.id));
    }
  });
});
