import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, type AuditPage, AuditPageSchema } from "@/common/audit";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";

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
    await expect.poll(async () => (await audit()).entries.length).toBe(4);

    const all = await audit();
    expect(all.entries.map((e) => [e.kind, e.actor, e.action, e.headlineId])).toEqual([
      ["action", "admin", "POST /api/admin/headlines/:id/toggle-tomorrows", b.id],
      ["transition", "admin", "addToTomorrow", b.id],
      ["action", "staff", "POST /api/admin/headlines/:id/approve", a.id],
      ["transition", "staff", "approve", a.id],
    ]);
    expect(all.entries[3]).toMatchObject({ fromStage: "pending", toStage: "today", headlineTitle: a.title });

    expect((await audit(`?headline=${a.id}`)).entries.map((e) => e.headlineId)).toEqual([a.id, a.id]);
    expect((await audit("?account=admin")).entries.map((e) => e.actor)).toEqual(["admin", "admin"]);
    expect((await audit("?account=nobody")).entries).toEqual([]);
  });

  it("pages, and refuses a bad filter with 400 for staff, 401 without a session", async () => {
    const h = await createHeadline(t.db, { listedTomorrow: false });
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await as("staff", "POST", `/api/admin/headlines/${h.id}/toggle-tomorrows`);
    }
    // Each toggle is a transition and an audit row (written once its answer is sent): 50 entries in all.
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
});
