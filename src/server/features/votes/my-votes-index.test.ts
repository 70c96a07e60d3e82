import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/connect";
import { createTestDatabase } from "../../test/test-app";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("GET /api/me/votes", () => {
  it("finds one visitor's votes through an index, not a scan of every vote", async () => {
    const database = await createTestDatabase();
    close = () => database.close();
    // The planner scans a table this small whatever indexes it has: forbid the scan to see which index
    // the query can use. The partial unique indexes cannot serve it (they need the vote's kind).
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`EXPLAIN SELECT kind, headline_id FROM votes WHERE visitor_id = 'a-visitor'`),
      );
    });
    expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toMatch(/votes_visitor_idx/);
  });
});
