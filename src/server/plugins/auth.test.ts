import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "../db/schema";
import { staffSessions, withSession } from "../features/accounts/test-accounts";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { App } from "../types";
import { adminOnlyRoutes, registerAuth, staffRoutes } from "./auth";

/**
 * Every route of the app, read from the router itself (printRoutes' tree), so that a route added later is
 * tested without anyone remembering to list it here.
 */
function allRoutes(app: App): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = line.match(/^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    const url = stack.join("");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method) routes.push({ method, url });
    }
  }
  return routes;
}

// The staff-only paths of the decisions page ("Accounts and roles"), written out again on purpose: the test
// does not trust the list in auth.ts.
const isStaffOnly = ({ method, url }: { method: string; url: string }) =>
  /^\/api\/(admin|token-info|trending|trending-tokens)(\/|$)/.test(url) ||
  (method === "POST" && ["/api/headlines/import", "/api/tokens/import"].includes(url));

const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, "1");

describe("the staff guard", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("answers 401 with the spec's message on every staff-only route without a session", async () => {
    const routes = allRoutes(t.app).filter(isStaffOnly);
    expect(routes.length).toBeGreaterThan(15);
    const methods = new Set(routes.map((r) => r.method));
    for (const method of ["GET", "POST", "PUT", "DELETE"]) expect(methods, method).toContain(method);
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method as "GET", url: withIds(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== "HEAD") {
        expect(res.json(), `${route.method} ${route.url}`).toEqual({
          message: "Please log in to access admin features.",
        });
      }
    }
  });

  it("answers 401 for a made-up or malformed session cookie", async () => {
    for (const value of ["A".repeat(43), "short", "x".repeat(5000)]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/admin/headlines",
        cookies: withSession(value),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("lets staff use the dashboard but refuses them the admin-only calls with 403", async () => {
    const { staff, admin } = await staffSessions(t.app, t.db);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/headlines", cookies: withSession(staff) }))
        .statusCode,
    ).toBe(200);
    const calls = [
      {
        url: "/api/admin/register-staff",
        payload: { username: "newbie", password: "long-enough-pw", isAdmin: true },
      },
      {
        url: "/api/admin/security-reset",
        payload: { newAdminPassword: "new-admin-pw-1", newStaffPassword: "new-staff-pw-1" },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: "POST", ...call, cookies: withSession(staff) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toEqual({ message: "Only administrators can do this." });
    }
    // The staff member's session still works: nothing was reset.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", cookies: withSession(staff) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", cookies: withSession(admin) })).statusCode,
    ).toBe(200);
  });

  it("refuses a state-changing call from another site's page (403) and allows the same origin", async () => {
    const { admin } = await staffSessions(t.app, t.db);
    // A new pending headline for every call: an approved one cannot be approved again (409).
    const approve = async (headers: Record<string, string>) => {
      const h = await createHeadline(t.db, { stage: "pending" });
      return t.app.inject({
        method: "POST",
        url: `/api/admin/headlines/${h.id}/approve`,
        headers,
        cookies: withSession(admin),
      });
    };

    for (const origin of ["https://evil.example", "null", "http://localhost.evil.example"]) {
      const res = await approve({ host: "localhost", origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: "Cross-site request refused" });
    }
    const [row] = await t.db.select().from(auditLog);
    expect(row).toBeUndefined();

    expect((await approve({ host: "localhost:3000", origin: "http://localhost:3000" })).statusCode).toBe(200);
    expect((await approve({ host: "gazette.example", origin: "https://gazette.example" })).statusCode).toBe(
      200,
    );
    // No Origin header: a non-browser client, which a victim's browser cannot be made to be.
    expect((await approve({ host: "localhost" })).statusCode).toBe(200);
    // Reads are never refused for their origin.
    const read = await t.app.inject({
      method: "GET",
      url: "/api/admin/headlines",
      headers: { origin: "https://evil.example" },
      cookies: withSession(admin),
    });
    expect(read.statusCode).toBe(200);
  });

  it("writes one audit row per successful change, with the route pattern, the id and the account", async () => {
    const { admin } = await staffSessions(t.app, t.db);
    const h = await createHeadline(t.db, { stage: "pending" });
    await t.app.inject({
      method: "POST",
      url: `/api/admin/headlines/${h.id}/approve`,
      cookies: withSession(admin),
    });
    // Failed and read-only calls leave no row.
    await t.app.inject({
      method: "POST",
      url: "/api/admin/headlines/999999/approve",
      cookies: withSession(admin),
    });
    await t.app.inject({ method: "GET", url: "/api/admin/headlines", cookies: withSession(admin) });

    await vi.waitFor(async () => {
      const rows = await t.db.select().from(auditLog);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        username: "admin",
        action: "POST /api/admin/headlines/:id/approve",
        target: String(h.id),
      });
      expect(rows[0]?.accountId).toBeTypeOf("number");
    });
  });
});

describe("the start-up check", () => {
  async function bareApp(register: (app: App) => Promise<void>) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>() as unknown as App;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerAuth(app);
    await register(app);
    return app;
  }

  it("refuses to start when a staff-only route sits outside the staff guard", async () => {
    const app = await bareApp(async (a) => {
      a.get("/api/admin/forgotten", () => "oops");
      a.post("/api/tokens/import", () => "oops");
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/admin\/forgotten.*POST \/api\/tokens\/import/);
  });

  it("refuses an admin-only scope that is not inside a staff scope", async () => {
    const app = await bareApp(async (a) => {
      await adminOnlyRoutes(a, (admins) => {
        admins.post("/api/admin/lonely", () => "oops");
      });
    });
    await expect(app.ready()).rejects.toThrow(/POST \/api\/admin\/lonely/);
  });

  it("starts when every staff-only route is registered through staffRoutes", async () => {
    const app = await bareApp(async (a) => {
      a.get("/api/public", () => "ok");
      await staffRoutes(a, async (staff) => {
        staff.get("/api/trending/:source", () => "ok");
        await adminOnlyRoutes(staff, (admins) => {
          admins.post("/api/admin/x", () => "ok");
        });
      });
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
