import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, settings, votes } from "../db/schema";
import { staffSessions, withSession } from "../features/accounts/test-accounts";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { duplicateKey, duplicateKeyMessage } from "./json-body";

/**
 * A JSON body that names a key twice is refused (issue 20): `{"headlineId":2,"headlineId":3}` was a vote
 * for 3 ("last one wins"), where another reader of the same bytes may see 2.
 */

describe("duplicateKey", () => {
  it("finds a key repeated in one object, at any depth, however it is escaped", () => {
    expect(duplicateKey('{"headlineId":2,"headlineId":3}')).toBe("headlineId");
    expect(duplicateKey('{"a":{"b":1, "b" :2}}')).toBe("b");
    expect(duplicateKey('[{"x":1},{"y":[{"z":1,"z":2}]}]')).toBe("z");
    expect(duplicateKey('{"a":1,"\\u0061":2}')).toBe("a");
    expect(duplicateKey('{"a\\"b":1,"a\\u0022b":2}')).toBe('a"b');
  });

  it("passes the same key in different objects, and keys that only look alike in values", () => {
    expect(duplicateKey('[{"a":1},{"a":2}]')).toBeUndefined();
    expect(duplicateKey('{"a":{"a":1},"b":{"a":2}}')).toBeUndefined();
    expect(duplicateKey('{"a":"a","b":["a","a"],"c":"x\\":"}')).toBeUndefined();
    expect(duplicateKey('{"a":"{\\"a\\":1,\\"a\\":2}"}')).toBeUndefined();
    expect(duplicateKey('"a"')).toBeUndefined();
    expect(duplicateKey("{}")).toBeUndefined();
  });
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await staffSessions(t.app, t.db));
  await t.db
    .update(settings)
    .set({ votingEndTime: new Date(Date.now() + 86_400_000), launchTime: new Date(Date.now() + 90_000_000) });
});
afterAll(() => t.close());

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    body,
    headers: { "content-type": "application/json", ...headers },
    cookies: { mg_visitor: "jsonbodyvisitor0000000" },
    remoteAddress: "203.0.113.77",
  });

describe("JSON bodies on every route", () => {
  it("refuses a vote whose body names headlineId twice: 400 with a clear message, no vote", async () => {
    const first = await createHeadline(t.db);
    const second = await createHeadline(t.db);
    const res = await post("/api/vote", `{"headlineId":${first.id},"headlineId":${second.id}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: duplicateKeyMessage("headlineId") });
    expect(await t.db.select().from(votes)).toHaveLength(0);
    // The same body with the key once is a vote.
    expect((await post("/api/vote", `{"headlineId":${second.id}}`)).statusCode).toBe(200);
  });

  it("refuses it on a login and on a staff route too", async () => {
    const login = await post("/api/login", '{"username":"admin","password":"x","username":"staff"}');
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(duplicateKeyMessage("username"));
    const before = (await t.db.select().from(accounts)).length;
    const staff = await post(
      "/api/admin/register-staff",
      '{"username":"editor","password":"a-long-password-1","isAdmin":false,"isAdmin":true}',
      { cookie: `${Object.entries(withSession(admin))[0]?.join("=")}` },
    );
    expect(staff.statusCode).toBe(400);
    expect(staff.json().message).toBe(duplicateKeyMessage("isAdmin"));
    expect(await t.db.select().from(accounts)).toHaveLength(before);
  });

  it("still refuses __proto__, malformed JSON and a body over the limit as before", async () => {
    const proto = await post("/api/vote", '{"headlineId":1,"__proto__":{"x":1}}');
    expect(proto.statusCode).toBe(400);
    const broken = await post("/api/vote", '{"headlineId":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: "The request body is not valid JSON." });
    const empty = await post("/api/vote", "");
    expect(empty.statusCode).toBe(400);
    const huge = await post("/api/vote", `{"headlineId":1,"pad":"${"x".repeat(300 * 1024)}"}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: "The request body is too large." });
  });
});
