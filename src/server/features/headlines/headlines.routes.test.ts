import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HeadlineSchema } from "@/common/headline";
import { headlines, settings } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function getList(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
}

const titles = (list: Array<Record<string, unknown>>) => list.map((h) => h.title);

describe("GET /api/headlines", () => {
  it("shows approved headlines in today's news and hides pending, tomorrow-only and unverified paid ones", async () => {
    await createHeadline(t.db, { title: "Approved today" });
    await createHeadline(t.db, { title: "Pending", isApproved: false });
    await createHeadline(t.db, { title: "Tomorrow only", isTodaysNews: false, isTomorrowsNews: true });
    await createHeadline(t.db, {
      title: "Paid unverified",
      transactionId: "tx-unverified-0001",
      isPaid: false,
    });
    await createHeadline(t.db, { title: "Moved to yesterday", isOldNews: true });
    expect(titles(await getList("/api/headlines"))).toEqual(["Approved today"]);
  });

  it("puts the current winner first, flagged isWinner, and never lists older winners", async () => {
    await createHeadline(t.db, { title: "Old winner", isWinner: true });
    const winner = await createHeadline(t.db, { title: "Current winner", isWinner: true });
    await createHeadline(t.db, { title: "Candidate" });
    await t.db.update(settings).set({ currentWinnerId: winner.id });
    const list = await getList("/api/headlines");
    expect(titles(list)).toEqual(["Current winner", "Candidate"]);
    expect(list[0]?.isWinner).toBe(true);
  });

  it("places verified paid submissions first, marked as promoted", async () => {
    await createHeadline(t.db, { title: "Free one" });
    await createHeadline(t.db, { title: "Paid verified", transactionId: "tx-verified-00001", isPaid: true });
    const list = await getList("/api/headlines");
    expect(titles(list)).toEqual(["Paid verified", "Free one"]);
    expect(list.map((h) => h.isPromoted)).toEqual([true, false]);
  });

  it("answers every headline in the public shape and leaks no private field", async () => {
    await createHeadline(t.db, {
      submitterIp: "198.51.100.23",
      transactionId: "tx-secret-0000001",
      isPaid: true,
    });
    const res = await t.app.inject({ method: "GET", url: "/api/headlines" });
    expect(res.body).not.toContain("198.51.100.23");
    expect(res.body).not.toContain("tx-secret");
    const [item] = res.json() as unknown[];
    const parsed = HeadlineSchema.strict().safeParse(item);
    expect(parsed.success).toBe(true);
  });
});

describe("GET /api/tomorrows-news", () => {
  it("lists approved candidates for tomorrow, imported news included, in received order", async () => {
    await createHeadline(t.db, { title: "First", isTodaysNews: false, isTomorrowsNews: true });
    await createHeadline(t.db, {
      title: "Imported",
      isTodaysNews: false,
      isTomorrowsNews: true,
      importedNews: true,
      source: "nyt",
    });
    await createHeadline(t.db, { title: "Unapproved", isApproved: false, isTomorrowsNews: true });
    await createHeadline(t.db, { title: "Today only" });
    expect(titles(await getList("/api/tomorrows-news"))).toEqual(["First", "Imported"]);
  });
});

describe("GET /api/yesterdays-news and /api/old-news", () => {
  it("lists launched headlines, moved winners and imported tokens, newest first, the same on both paths", async () => {
    const now = Date.now();
    await createHeadline(t.db, {
      title: "Launched",
      contractAddress: "So11111111111111111111111111111111111111112",
      oldNewsAt: new Date(now - 3000),
    });
    await createHeadline(t.db, {
      title: "Moved winner",
      isWinner: true,
      isOldNews: true,
      oldNewsAt: new Date(now - 1000),
    });
    await createHeadline(t.db, {
      title: "Imported token",
      isOldNews: true,
      importedNews: false,
      oldNewsAt: new Date(now - 2000),
    });
    await createHeadline(t.db, { title: "Plain headline" });
    await createHeadline(t.db, {
      title: "Unapproved token",
      isApproved: false,
      contractAddress: "So11111111111111111111111111111111111111113",
    });
    const yesterdays = await getList("/api/yesterdays-news");
    expect(titles(yesterdays)).toEqual(["Moved winner", "Imported token", "Launched"]);
    expect(await getList("/api/old-news")).toEqual(yesterdays);
  });
});

describe("headline rows", () => {
  it("refuses a negative vote count at the database", async () => {
    const h = await createHeadline(t.db);
    await expect(t.db.update(headlines).set({ votes: -1 }).where(eq(headlines.id, h.id))).rejects.toThrow();
  });
});
