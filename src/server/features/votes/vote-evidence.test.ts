import { createHash, createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serverSecrets, settings, votes } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { voteEvidence } from "./vote-evidence";

describe("vote evidence on every vote", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
  });
  afterEach(() => t.close());

  const vote = (cookie: string, ip: string, headlineId: number, userAgent: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/vote",
      payload: { headlineId },
      cookies: { mg_visitor: cookie.padEnd(22, "x") },
      remoteAddress: ip,
      headers: { "user-agent": userAgent },
    });

  it("stores keyed hashes of the IP, its network and the user agent, and the time; never the raw IP", async () => {
    const h = await createHeadline(t.db);
    const before = Date.now();
    expect((await vote("a", "203.0.113.7", h.id, "Browser/1")).statusCode).toBe(200);
    expect((await vote("b", "::ffff:203.0.113.8", h.id, "Browser/1")).statusCode).toBe(200);
    expect((await vote("c", "198.51.100.1", h.id, "Browser/2")).statusCode).toBe(200);
    const rows = await t.db.select().from(votes).orderBy(votes.id);
    expect(rows.map((r) => r.visitorId)).toEqual([
      "axxxxxxxxxxxxxxxxxxxxx",
      "bxxxxxxxxxxxxxxxxxxxxx",
      "cxxxxxxxxxxxxxxxxxxxxx",
    ]);
    const [a, b, c] = rows;
    for (const row of rows) {
      expect(row.ipHash).toMatch(/^[0-9a-f]{32}$/);
      expect(row.networkHash).toMatch(/^[0-9a-f]{32}$/);
      expect(row.userAgentHash).toMatch(/^[0-9a-f]{32}$/);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.voidedAt).toBeNull();
    }
    // One /24 (the mapped address counts as IPv4), two addresses; another network; two user agents.
    expect(b?.networkHash).toBe(a?.networkHash);
    expect(b?.ipHash).not.toBe(a?.ipHash);
    expect(c?.networkHash).not.toBe(a?.networkHash);
    expect(b?.userAgentHash).toBe(a?.userAgentHash);
    expect(c?.userAgentHash).not.toBe(a?.userAgentHash);
    // No column of the vote holds the address.
    const text = JSON.stringify(await t.db.execute(sql`SELECT * FROM votes`));
    expect(text).not.toContain("203.0.113");
    expect(text).not.toContain("198.51.100");
  });

  it("keys the hashes with one secret, generated once and kept in the database", async () => {
    const first = await voteEvidence(t.db, "203.0.113.7", "Browser/1");
    expect(await voteEvidence(t.db, "203.0.113.7", "Browser/1")).toEqual(first);
    const secrets = await t.db.select().from(serverSecrets);
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.value.length).toBe(32);
    // Keyed with the stored secret (so every process, and every restart, hashes alike): an HMAC of the /24.
    const secret = Buffer.from(secrets[0]?.value ?? []);
    const expected = createHmac("sha256", secret)
      .update(`network\u0000${"203.0.113.0/24"}`)
      .digest("hex")
      .slice(0, 32);
    expect(first.networkHash).toBe(expected);
    // Not a plain hash of the address, which anyone could recompute for all 2^32 of them.
    expect(first.ipHash).not.toBe(createHash("sha256").update("203.0.113.7").digest("hex").slice(0, 32));
  });
});
