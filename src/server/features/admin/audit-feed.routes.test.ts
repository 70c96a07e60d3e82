import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AUDIT_ACTION_WORDS,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  AuditPageSchema,
  auditWords,
  TOKEN_FROM_ADDRESS,
  TRANSITION_WORDS,
} from "@/common/audit";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { CREATIONS, TRANSITIONS } from "../headlines/headline-stage";

let t: TestApp;
let sessions: { admin: string; staff: string };
beforeEach(async () => {
  t = await createTestApp();
  sessions = await staffSessions(t.app, t.db);
});
afterEach(() => t.close());

const as = (who: "admin" | "staff", method: "GET" | "POST" | "DELETE", url: string) =>
  t.app.inject({ method, url, cookies: withSession(sessions[who]) });
const audit = async (query = "") => {
  const res = await as("staff", "GET", `/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AuditPageSchema.parse(res.json()) as AuditPage;
};

describe("GET /api/admin/audit", () => {
  it("lists staff actions and headline transitions newest first, filtered by headline or account", async () => {
    const a = await createHeadline(t.db, { stage: "pending" });
    const b = await createHeadline(t.db);
    expect((await as("staff", "POST", `/api/admin/headlines/${a.id}/approve`)).statusCode).toBe(200);
    expect((await as("admin", "POST", `/api/admin/headlines/${b.id}/toggle-tomorrows`)).statusCode).toBe(200);
    // The audit row is written once the answer is sent.
    await expect.poll(async () => (await audit()).entries.length).toBe(2);

    // One row per staff action: the transitions it made are the action itself, not listed a second time.
    const all = await audit();
    expect(all.entries.map((e) => [e.kind, e.actor, e.action, e.headlineId])).toEqual([
      ["action", "admin", "POST /api/admin/headlines/:id/toggle-tomorrows", b.id],
      ["action", "staff", "POST /api/admin/headlines/:id/approve", a.id],
    ]);
    expect(all.entries[0]).toMatchObject({ details: { isTomorrowsNews: true }, headlineTitle: b.title });
    expect(all.entries[1]).toMatchObject({ headlineTitle: a.title });

    expect((await audit(`?headline=${a.id}`)).entries.map((e) => e.headlineId)).toEqual([a.id]);
    expect((await audit("?account=admin")).entries.map((e) => e.actor)).toEqual(["admin"]);
    expect((await audit("?account=nobody")).entries).toEqual([]);
  });

  it("pages, and refuses a bad filter with 400 for staff, 401 without a session", async () => {
    const h = await createHeadline(t.db, { listedTomorrow: false });
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await as("staff", "POST", `/api/admin/headlines/${h.id}/toggle-tomorrows`);
    }
    // Each toggle is one row (its audit row, written once its answer is sent); 25 more make a second page.
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await as("staff", "POST", `/api/admin/headlines/${h.id}/toggle-tomorrows`);
    }
    await expect.poll(async () => (await audit("?page=2")).entries.length).toBe(AUDIT_PAGE_SIZE);
    const first = await audit("?page=1");
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = await audit("?page=2");
    expect(second.page).toBe(2);
    expect(second.entries.length).toBeGreaterThan(0);
    expect(new Set([...first.entries, ...second.entries].map((e) => `${e.kind}${e.id}`)).size).toBe(
      first.entries.length + second.entries.length,
    );
    for (const bad of ["?page=0", "?page=x", "?headline=-1", "?headline=abc"]) {
      const res = await as("staff", "GET", `/api/admin/audit${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/must be/);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(401);
  });

  it("keeps the changes no staff action covers: a visitor's submission, a job's, a replaced winner's", async () => {
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: {
        title: "A visitor's own headline",
        description: "Submitted by a visitor for the audit feed test.",
        imageUrl: "https://example.com/x.png",
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id } = submitted.json() as { id: number };
    const first = await createHeadline(t.db, { stage: "today", votes: 3 });
    const second = await createHeadline(t.db, { stage: "today", votes: 2 });
    expect((await as("staff", "POST", `/api/admin/headlines/${first.id}/announce-winner`)).statusCode).toBe(
      200,
    );
    expect((await as("staff", "POST", `/api/admin/headlines/${second.id}/announce-winner`)).statusCode).toBe(
      200,
    );
    await expect.poll(async () => (await audit()).entries.length).toBe(4);
    const entries = (await audit()).entries.map((e) => [e.kind, e.action, e.headlineId]);
    expect(entries).toEqual([
      ["action", "POST /api/admin/headlines/:id/announce-winner", second.id],
      // The winner it replaced within its cycle went back to voting: a change of another headline.
      ["transition", "uncrown", first.id],
      ["action", "POST /api/admin/headlines/:id/announce-winner", first.id],
      ["transition", "submit", id],
    ]);
  });

  it("lists Move Top 4 under each headline it moved", async () => {
    const moved = await createHeadline(t.db, { stage: "tomorrow", votes: 5 });
    expect((await as("staff", "POST", "/api/admin/move-top-headlines-to-today")).statusCode).toBe(200);
    await expect.poll(async () => (await audit(`?headline=${moved.id}`)).entries.length).toBe(1);
    expect((await audit(`?headline=${moved.id}`)).entries[0]).toMatchObject({
      kind: "action",
      action: "POST /api/admin/move-top-headlines-to-today",
    });
  });

  it("says where an approved headline goes: an imported one joins Tomorrow's News (issue 30)", async () => {
    const imported = await createHeadline(t.db, { stage: "pending", importedNews: true });
    const submitted = await createHeadline(t.db, { stage: "pending" });
    for (const h of [imported, submitted])
      expect((await as("staff", "POST", `/api/admin/headlines/${h.id}/approve`)).statusCode).toBe(200);
    const wordsOf = async (id: number) => {
      await expect.poll(async () => (await audit(`?headline=${id}`)).entries.length).toBeGreaterThan(0);
      const entries = (await audit(`?headline=${id}`)).entries.filter((e) => e.kind === "action");
      return entries.map(auditWords);
    };
    expect(await wordsOf(imported.id)).toEqual(["Approved: joins Tomorrow's News"]);
    expect(await wordsOf(submitted.id)).toEqual(["Approved: joins today's voting"]);
  });

  it("has words for every staff action it can list and every transition", async () => {
    const changing = [...t.app.authGuards.guarded].filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
    expect(changing.length).toBeGreaterThan(20);
    for (const action of [...changing, TOKEN_FROM_ADDRESS])
      expect(AUDIT_ACTION_WORDS[action], action).toBeDefined();
    for (const name of [...Object.keys(TRANSITIONS), ...Object.keys(CREATIONS), "migrate"])
      expect(TRANSITION_WORDS[name], name).toBeDefined();
  });
});
