import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RECEIPT_PATTERN } from "@/common/receipt";
import { SUBMISSION_MESSAGES as M, SUBMISSION_RESULT_MESSAGES } from "@/common/submission";
import { headlines, images } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { SUBMISSION_REFUSALS } from "./submissions.service";

let t: TestApp;

/** A fresh database for each test, for tests that count rows or submissions. */
function freshAppPerTest() {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
}

/** One database for a block of refusals: they store nothing (checked), so they cannot disturb each other. */
function sharedApp() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

const FREE = "/api/headlines";
const PAID = "/api/headlines/paid-submission";

const free = {
  title: "Frog buys the moon",
  description: "A frog bought the moon for one SOL and a pond.",
  imageUrl: "https://cdn.example.com/frog.png",
  articleUrl: "https://t.me/frognews",
  twitterUrl: "",
  websiteUrl: "https://frog.example.com",
};
let txCounter = 0;
/** A valid paid submission with a transaction id of its own. */
function paid() {
  txCounter += 1;
  return {
    ...free,
    submittedBy: "Pond Labs",
    launchStatus: "launched",
    launchDate: "2025-06-01",
    transactionId: `5h6xBEauJ3PK6SWC${txCounter}`,
  };
}

function post(url: string, payload: object, remoteAddress = "203.0.113.7") {
  return t.app.inject({ method: "POST", url, payload, remoteAddress });
}

const rows = () => t.db.select().from(headlines);

describe("POST /api/headlines (free submission)", () => {
  freshAppPerTest();

  it("stores a pending headline and answers 201 with its id", async () => {
    const res = await post(FREE, free);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      message: SUBMISSION_RESULT_MESSAGES.free,
      receipt: expect.stringMatching(RECEIPT_PATTERN),
    });
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, body.id));
    expect(row).toMatchObject({
      title: free.title,
      description: free.description,
      imageUrl: free.imageUrl,
      articleUrl: free.articleUrl,
      twitterUrl: null,
      websiteUrl: free.websiteUrl,
      submittedBy: null,
      submitterIp: "203.0.113.7",
      stage: "pending",
      isPaid: false,
      votes: 0,
      transactionId: null,
      launchStatus: null,
    });
  });

  it("ignores privileged fields: the headline stays pending and out of the public list", async () => {
    const res = await post(FREE, {
      ...free,
      isApproved: true,
      isWinner: true,
      isPaid: true,
      isTodaysNews: true,
      isTomorrowsNews: true,
      votes: 999,
      submittedBy: "admin",
      contractAddress: "So11111111111111111111111111111111111111112",
      submitterIp: "10.0.0.1",
      id: 424242,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, res.json().id));
    expect(row).toMatchObject({
      stage: "pending",
      isPaid: false,
      votes: 0,
      submittedBy: null,
      contractAddress: null,
      submitterIp: "203.0.113.7",
    });
    expect(row?.id).not.toBe(424242);
    for (const list of ["/api/headlines", "/api/tomorrows-news", "/api/yesterdays-news"]) {
      const listed = await t.app.inject({ method: "GET", url: list });
      expect(listed.json()).toEqual([]);
    }
  });

  it("takes an image uploaded here only if it is really stored", async () => {
    const hash = "b".repeat(64);
    const missing = await post(FREE, { ...free, imageUrl: `/api/images/${hash}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SUBMISSION_REFUSALS.imageMissing);

    await t.db
      .insert(images)
      .values({ hash, contentType: "image/png", bytes: new Uint8Array([1]), width: 1, height: 1 });
    const stored = await post(FREE, { ...free, imageUrl: `/api/images/${hash}` });
    expect(stored.statusCode).toBe(201);
  });
});

describe("POST /api/headlines/paid-submission", () => {
  freshAppPerTest();

  it("stores a pending, unverified paid headline with its project details", async () => {
    const input = paid();
    const res = await post(PAID, { ...input, isPaid: true, isApproved: true, votes: 5 });
    expect(res.statusCode).toBe(201);
    // A signature pasted in the form: no transfer request to pay, the signature is checked instead.
    expect(res.json()).toEqual({
      id: expect.any(Number),
      message: SUBMISSION_RESULT_MESSAGES.paid,
      receipt: expect.stringMatching(RECEIPT_PATTERN),
      payment: null,
    });
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, res.json().id));
    expect(row).toMatchObject({
      submittedBy: "Pond Labs",
      launchStatus: "launched",
      launchDate: "2025-06-01",
      transactionId: input.transactionId,
      isPaid: false,
      stage: "pending",
      votes: 0,
      submitterIp: "203.0.113.7",
    });
  });

  it("defaults the launch status to upcoming and leaves the launch date empty", async () => {
    const { launchStatus: _s, launchDate: _d, ...input } = paid();
    const res = await post(PAID, { ...input, launchDate: "" });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, res.json().id));
    expect(row).toMatchObject({ launchStatus: "upcoming", launchDate: null });
  });

  it("accepts a transaction id once: a reuse answers 409 and stores nothing more", async () => {
    const input = paid();
    expect((await post(PAID, input)).statusCode).toBe(201);
    const again = await post(PAID, { ...paid(), transactionId: input.transactionId }, "198.51.100.1");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: "This transaction ID has already been used for another submission.",
    });
    expect(await rows()).toHaveLength(1);
  });

  it("lets exactly one of two simultaneous submissions with one transaction id through", async () => {
    const input = paid();
    const answers = await Promise.all([
      post(PAID, input, "198.51.100.1"),
      post(PAID, input, "198.51.100.2"),
      post(PAID, input, "198.51.100.3"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rows()).toHaveLength(1);
  });
});

describe("submission limit per IP", () => {
  freshAppPerTest();

  it("accepts 10 submissions an hour from one IP, free and paid together, then answers 429", async () => {
    for (let i = 0; i < 5; i++) expect((await post(FREE, free)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post(PAID, paid())).statusCode).toBe(201);
    const eleventh = await post(FREE, free);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ message: SUBMISSION_REFUSALS.tooMany });
    expect((await post(PAID, paid())).statusCode).toBe(429);
    expect(await rows()).toHaveLength(10);
    // Another network is not affected.
    expect((await post(FREE, free, "198.51.100.9")).statusCode).toBe(201);
  });

  it("does not count refused submissions", async () => {
    for (let i = 0; i < 5; i++) expect((await post(FREE, { ...free, title: "Nope" })).statusCode).toBe(400);
    const input = paid();
    expect((await post(PAID, input)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post(PAID, input)).statusCode).toBe(409);
    for (let i = 0; i < 9; i++) expect((await post(FREE, free)).statusCode).toBe(201);
    expect((await post(FREE, free)).statusCode).toBe(429);
  });

  it("counts a rolling hour: submissions older than an hour no longer count", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 10; i++) {
      await createHeadline(t.db, {
        submitterIp: ip,
        stage: "pending",
        createdAt: new Date(Date.now() - 61 * 60_000),
      });
    }
    await createHeadline(t.db, {
      submitterIp: ip,
      stage: "pending",
      createdAt: new Date(Date.now() - 30 * 60_000),
    });
    for (let i = 0; i < 9; i++) expect((await post(FREE, free, ip)).statusCode).toBe(201);
    expect((await post(FREE, free, ip)).statusCode).toBe(429);
  });

  it("honours SUBMISSIONS_PER_HOUR", async () => {
    const strict = await createTestApp({ submissionsPerHour: 2 });
    try {
      const send = () =>
        strict.app.inject({ method: "POST", url: FREE, payload: free, remoteAddress: "203.0.113.8" });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it("holds under concurrency: of 15 simultaneous submissions from one IP exactly 10 are accepted", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? post(PAID, paid()) : post(FREE, free))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await rows()).toHaveLength(10);
  });
});

describe("refused submissions", () => {
  sharedApp();

  describe("POST /api/headlines", () => {
    it.each([
      ["title", "Frog", M.titleMin],
      ["title", "x".repeat(101), M.titleMax],
      ["title", undefined, M.titleMin],
      ["description", "Too short", M.descriptionMin],
      ["description", "x".repeat(501), M.descriptionMax],
      ["articleUrl", "t.me/frog", M.articleUrl],
      ["articleUrl", "javascript:alert(document.cookie)", M.articleUrl],
      ["twitterUrl", "data:text/html,<script>alert(1)</script>", M.twitterUrl],
      ["twitterUrl", "x.com/frog", M.twitterUrl],
      ["websiteUrl", "javascript:alert(1)", M.websiteUrl],
      ["websiteUrl", "ftp://frog.example.com", M.websiteUrl],
      ["imageUrl", "", M.imageRequired],
      ["imageUrl", "   ", M.imageRequired],
      ["imageUrl", undefined, M.imageRequired],
      ["imageUrl", "javascript:alert(1)", M.imageUrl],
      ["imageUrl", "data:image/svg+xml,<svg onload=alert(1)>", M.imageUrl],
    ])("refuses %s = %j with 400 and the spec's message, storing nothing", async (field, value, message) => {
      const res = await post(FREE, { ...free, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      expect(await rows()).toHaveLength(0);
    });

    it("answers 400 for a body that is not JSON", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: FREE,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe("POST /api/headlines/paid-submission", () => {
    it.each([
      ["title", "Frog", M.titleMin],
      ["description", "short", M.descriptionMin],
      ["imageUrl", "", M.imageRequired],
      ["articleUrl", "javascript:alert(1)", M.articleUrl],
      ["submittedBy", "B", M.submittedByMin],
      ["submittedBy", undefined, M.submittedByMin],
      ["submittedBy", "x".repeat(51), M.submittedByMax],
      ["launchStatus", "maybe", M.launchStatus],
      ["launchDate", "June 1st", M.launchDate],
      ["launchDate", "2025-02-30", M.launchDate],
      ["transactionId", "123456789", M.transactionId],
      ["transactionId", "abc def ghi jkl", M.transactionId],
      ["transactionId", "a".repeat(121), M.transactionIdMax],
    ])("refuses %s = %j with 400 and its message, storing nothing", async (field, value, message) => {
      const res = await post(PAID, { ...paid(), [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      expect(await rows()).toHaveLength(0);
    });
  });
});
