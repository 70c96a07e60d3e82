import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HeadlineSchema } from "@/common/headline";
import { headlines } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { findEditionLeader } from "./headlines.service";

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
    await createHeadline(t.db, { title: "Pending", stage: "pending" });
    await createHeadline(t.db, { title: "Tomorrow only", stage: "tomorrow" });
    await createHeadline(t.db, { title: "Held", stage: "held" });
    await createHeadline(t.db, {
      title: "Paid unverified",
      transactionId: "tx-unverified-0001",
      isPaid: false,
    });
    await createHeadline(t.db, { title: "Moved to yesterday", stage: "past_winner", oldNewsAt: new Date() });
    expect(titles(await getList("/api/headlines"))).toEqual(["Approved today"]);
  });

  it("puts the current winner first, flagged isWinner, and never lists older winners", async () => {
    await createHeadline(t.db, { title: "Old winner", stage: "past_winner" });
    await createHeadline(t.db, { title: "Current winner", stage: "winner" });
    await createHeadline(t.db, { title: "Candidate" });
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
    await createHeadline(t.db, { title: "First", stage: "tomorrow" });
    await createHeadline(t.db, { title: "Imported", stage: "tomorrow", importedNews: true, source: "nyt" });
    await createHeadline(t.db, { title: "Unapproved", stage: "pending" });
    await createHeadline(t.db, { title: "Today only" });
    expect(titles(await getList("/api/tomorrows-news"))).toEqual(["First", "Imported"]);
  });
});

describe("GET /api/yesterdays-news and /api/old-news", () => {
  it("lists launched headlines, moved winners and imported tokens, newest first, the same on both paths", async () => {
    const now = Date.now();
    await createHeadline(t.db, {
      title: "Launched",
      stage: "launched",
      contractAddress: "So11111111111111111111111111111111111111112",
      oldNewsAt: new Date(now - 3000),
    });
    await createHeadline(t.db, {
      title: "Moved winner",
      stage: "past_winner",
      oldNewsAt: new Date(now - 1000),
    });
    await createHeadline(t.db, {
      title: "Imported token",
      stage: "launched",
      oldNewsAt: new Date(now - 2000),
    });
    await createHeadline(t.db, { title: "Plain headline" });
    await createHeadline(t.db, { title: "Past winner, no address yet", stage: "past_winner" });
    await createHeadline(t.db, {
      title: "Unapproved token",
      stage: "pending",
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

  it("refuses impossible combinations at the database", async () => {
    await createHeadline(t.db, { stage: "winner" });
    // A second current winner.
    await expect(createHeadline(t.db, { stage: "winner" })).rejects.toThrow();
    // On Yesterday's News while still in review or in a race.
    await expect(createHeadline(t.db, { stage: "pending", oldNewsAt: new Date() })).rejects.toThrow();
    await expect(createHeadline(t.db, { stage: "today", oldNewsAt: new Date() })).rejects.toThrow();
    // A launched token that is not on Yesterday's News.
    await expect(createHeadline(t.db, { stage: "launched" })).rejects.toThrow();
    // Paid, or rejected, without a payment.
    await expect(createHeadline(t.db, { isPaid: true })).rejects.toThrow();
    await expect(createHeadline(t.db, { stage: "rejected" })).rejects.toThrow();
    // A stage that does not exist.
    await expect(createHeadline(t.db, { stage: "limbo" as "today" })).rejects.toThrow();
  });
});

describe("GET /api/headlines/:id", () => {
  it("answers a public headline with its stage, private fields absent", async () => {
    const { id } = await createHeadline(t.db, { title: "On its own page", stage: "tomorrow" });
    const res = await t.app.inject({ method: "GET", url: `/api/headlines/${id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ id, title: "On its own page", stage: "tomorrow", isTomorrowsNews: true });
    expect(body).not.toHaveProperty("submitterIp");
    expect(body).not.toHaveProperty("transactionId");
  });

  it("answers 404 for an unknown id and for one waiting for review or refused", async () => {
    const pending = await createHeadline(t.db, { title: "Pending", stage: "pending" });
    for (const url of ["/api/headlines/999999", `/api/headlines/${pending.id}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Headline not found" });
    }
  });

  it("refuses an id that is not one", async () => {
    for (const id of ["0", "abc", "1e3", "99999999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/headlines/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe("the day's leader", () => {
  it("is the winner once crowned, else the most voted of today's voting, else nobody", async () => {
    expect(await findEditionLeader(t.db)).toBeNull();
    await createHeadline(t.db, { title: "Tomorrow's favourite", stage: "tomorrow", votes: 50 });
    await createHeadline(t.db, { title: "Few votes", votes: 2 });
    await createHeadline(t.db, { title: "Most votes", votes: 9 });
    expect((await findEditionLeader(t.db))?.title).toBe("Most votes");
    await createHeadline(t.db, { title: "Crowned", stage: "winner", votes: 1 });
    expect(await findEditionLeader(t.db)).toMatchObject({ title: "Crowned", stage: "winner" });
  });
});
