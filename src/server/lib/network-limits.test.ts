import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headlines, settings, uploadLog, voteQuota } from "../db/schema";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// Every per-IP limit counts by network (lib/client-network.ts): an IPv6 /64 is one client, an IPv4-mapped
// address is its IPv4 address, and a client IP that is not an IP is never stored.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ uploadsPerHour: 3 });
  await t.db.update(settings).set({
    votingEndTime: new Date(Date.now() + 86_400_000),
    launchTime: new Date(Date.now() + 90_000_000),
  });
});
afterEach(() => t.close());

let cookieCounter = 0;
/** A visitor who drops its cookie: a fresh one on every request. */
function freshCookie() {
  cookieCounter += 1;
  return `dropped${String(cookieCounter).padStart(15, "0")}`;
}

const vote = (headlineId: number, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/vote",
    payload: { headlineId },
    cookies: { mg_visitor: freshCookie() },
    remoteAddress,
    headers,
  });

const submit = (remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/headlines",
    remoteAddress,
    payload: {
      title: "Frog buys the moon",
      description: "A frog bought the moon for one SOL and a pond.",
      imageUrl: "https://cdn.example.com/frog.png",
    },
  });

async function upload(remoteAddress: string) {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3e3" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
  const response = new Response(form);
  return t.app.inject({
    method: "POST",
    url: "/api/upload",
    remoteAddress,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  });
}

const codes = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode);

describe("the daily vote limit", () => {
  it("counts 15 addresses of one IPv6 /64 as one network: 10 accepted", async () => {
    const list = await Promise.all(Array.from({ length: 15 }, () => createHeadline(t.db)));
    const answers = [];
    for (const [i, h] of list.entries()) answers.push(await vote(h.id, `2001:db8:7:1:${i + 1}::${i + 7}`));
    expect(codes(answers)).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    // Another /64 is another network.
    expect((await vote(list[14]?.id as number, "2001:db8:7:2::1")).statusCode).toBe(200);
    expect((await t.db.select().from(voteQuota)).map((q) => q.ip).sort()).toEqual([
      "2001:db8:7:1::/64",
      "2001:db8:7:2::/64",
    ]);
  });

  it("counts an IPv4-mapped address with the plain IPv4 address", async () => {
    const list = await Promise.all(Array.from({ length: 11 }, () => createHeadline(t.db)));
    const answers = [];
    for (const [i, h] of list.entries())
      answers.push(await vote(h.id, i % 2 ? "::ffff:203.0.113.40" : "203.0.113.40"));
    expect(codes(answers)).toEqual([...Array(10).fill(200), 429]);
    expect(await t.db.select().from(voteQuota)).toMatchObject([{ ip: "203.0.113.40", used: 10 }]);
  });

  it("answers the limit's 429 with Retry-After: the seconds until the next Eastern day", async () => {
    const list = await Promise.all(Array.from({ length: 11 }, () => createHeadline(t.db)));
    let last = await vote(list[0]?.id as number, "203.0.113.41");
    for (const h of list.slice(1)) last = await vote(h.id, "203.0.113.41");
    expect(last.statusCode).toBe(429);
    const seconds = Number(last.headers["retry-after"]);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(25 * 3600);
  });
});

describe("a forwarded address that is not an IP", () => {
  it("is replaced by the socket address, never stored as text", async () => {
    await t.close();
    t = await createTestApp({ trustProxy: true });
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const h = await createHeadline(t.db);
    const forged = { "x-forwarded-for": "<script>alert(1)</script>" };
    expect((await vote(h.id, "192.0.2.33", forged)).statusCode).toBe(200);
    expect(await t.db.select().from(voteQuota)).toMatchObject([{ ip: "192.0.2.33" }]);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      remoteAddress: "192.0.2.34",
      headers: { "x-forwarded-for": "1.2.3.4:5678" },
      payload: {
        title: "Frog buys the moon",
        description: "A frog bought the moon for one SOL and a pond.",
        imageUrl: "https://cdn.example.com/frog.png",
      },
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.db.select({ ip: headlines.submitterIp }).from(headlines);
    expect(stored.map((r) => r.ip)).toContain("192.0.2.34");
  });
});

describe("the hourly submission and upload limits", () => {
  it("count an IPv6 /64 as one network, with Retry-After on the 429", async () => {
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await submit(`2001:db8:9:9::${(i + 1).toString(16)}`));
    expect(codes(answers)).toEqual([...Array(10).fill(201), 429, 429]);
    const seconds = Number(answers[11]?.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(3000);
    expect(seconds).toBeLessThanOrEqual(3600);
    // A mapped IPv4 address and the plain one share one allowance too.
    for (let i = 0; i < 10; i += 1)
      expect((await submit(i % 2 ? "::ffff:198.51.100.8" : "198.51.100.8")).statusCode).toBe(201);
    expect((await submit("198.51.100.8")).statusCode).toBe(429);
  });

  it("count uploads per /64 (limit 3 here), with Retry-After on the 429", async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await upload(`2001:db8:a:b:${i + 1}::1`));
    expect(codes(answers)).toEqual([200, 200, 200, 429, 429]);
    expect(Number(answers[4]?.headers["retry-after"])).toBeGreaterThan(3000);
    expect((await t.db.select().from(uploadLog)).map((r) => r.ip)).toEqual(
      Array(3).fill("2001:db8:a:b::/64"),
    );
  });
});
