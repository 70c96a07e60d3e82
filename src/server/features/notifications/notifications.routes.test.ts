import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNotification } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("GET /api/notifications", () => {
  it("lists only notifications that have not expired, newest first", async () => {
    const hour = 3_600_000;
    await createNotification(t.db, { message: "Expired", expiresAt: new Date(Date.now() - hour) });
    await createNotification(t.db, { message: "No expiry", createdAt: new Date(Date.now() - 2 * hour) });
    await createNotification(t.db, { message: "Expires later", expiresAt: new Date(Date.now() + hour) });
    const res = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ message: string }>).map((n) => n.message)).toEqual([
      "Expires later",
      "No expiry",
    ]);
  });
});
