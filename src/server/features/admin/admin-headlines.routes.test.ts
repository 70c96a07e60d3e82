import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AdminHeadline, AdminHeadlineSchema } from "@/common/admin";
import { crownRefusal, listSwitchRefusal } from "@/common/headline-rules";
import { accounts, auditLog, headlines, votes } from "../../db/schema";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { staffSessions, withSession } from "../accounts/test-accounts";
import { createTokenHeadline } from "../headlines/headlines.service";
import { toAdminHeadline } from "./admin-view";

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await createTestApp();
  // Most of the dashboard is for any logged-in account: these tests use the staff member, not the admin.
  session = (await staffSessions(t.app, t.db)).staff;
});
afterEach(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: withSession(session) });
const publicList = async (url: string) =>
  (await t.app.inject({ method: "GET", url })).json() as Array<{ id: number }>;
const ids = (list: Array<{ id: number }>) => list.map((h) => h.id);

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("GET /api/admin/headlines and /api/admin/summary", () => {
  it("lists every headline with the payment fields staff review, and never the submitter's IP", async () => {
    const pending = await createHeadline(t.db, { stage: "pending", submitterIp: "198.51.100.77" });
    const paid = await createHeadline(t.db, {
      transactionId: "tx-admin-visible-01",
      paymentNote: "seen on chain",
    });
    const old = await createHeadline(t.db, { stage: "past_winner", oldNewsAt: new Date() });
    const tomorrow = await createHeadline(t.db, { stage: "tomorrow" });
    const res = await call("GET", "/api/admin/headlines");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("198.51.100.77");
    const list = res.json() as Array<Record<string, unknown>>;
    expect(ids(list as Array<{ id: number }>).sort()).toEqual(
      [pending.id, paid.id, old.id, tomorrow.id].sort(),
    );
    for (const item of list) expect(AdminHeadlineSchema.strict().safeParse(item).success).toBe(true);
    expect(list.find((h) => h.id === paid.id)).toMatchObject({
      transactionId: "tx-admin-visible-01",
      paymentNote: "seen on chain",
      isPaid: false,
    });
    expect(list.find((h) => h.id === old.id)).toMatchObject({ isOldNews: true, stage: "past_winner" });
  });

  it("counts pending submissions, the home voting list and winners", async () => {
    await createHeadline(t.db, { stage: "pending" });
    await createHeadline(t.db, { stage: "pending" });
    await createHeadline(t.db); // in voting
    await createHeadline(t.db, { transactionId: "tx-unverified-0001" }); // paid, not verified: not in voting
    await createHeadline(t.db, { stage: "tomorrow" }); // tomorrow only
    await createHeadline(t.db, { stage: "winner" });
    const res = await call("GET", "/api/admin/summary");
    expect(res.json()).toEqual({ pendingApproval: 2, activeHeadlines: 1, winners: 1 });
  });
});

describe("POST /api/admin/headlines/:id/approve", () => {
  it("approves a submission into today's news: it appears on the home page", async () => {
    const h = await createHeadline(t.db, { stage: "pending" });
    expect(ids(await publicList("/api/headlines"))).not.toContain(h.id);
    const res = await call("POST", `/api/admin/headlines/${h.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: h.id, isApproved: true, isTodaysNews: true });
    expect(ids(await publicList("/api/headlines"))).toContain(h.id);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await call("POST", "/api/admin/headlines/424242/approve");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Headline not found" });
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await call("POST", `/api/admin/headlines/${id}/approve`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toHaveProperty("message");
    }
  });
});

describe("DELETE /api/admin/headlines/:id", () => {
  it("hides the headline everywhere but keeps the row, its votes and its history, audited", async () => {
    const h = await createHeadline(t.db, { listedTomorrow: true });
    await t.db.insert(votes).values({
      kind: "headline",
      headlineId: h.id,
      visitorId: "visitor-1",
      day: "2026-11-22",
      cycle: new Date(),
    });
    const res = await call("DELETE", `/api/admin/headlines/${h.id}`);
    expect(res.statusCode).toBe(204);
    const [kept] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(kept?.deletedAt).not.toBeNull();
    expect(await t.db.select().from(votes)).toHaveLength(1);
    for (const list of ["/api/headlines", "/api/tomorrows-news"]) {
      expect((await publicList(list)).map((x) => x.id)).not.toContain(h.id);
    }
    expect((await call("GET", "/api/admin/headlines")).json().map((x: { id: number }) => x.id)).not.toContain(
      h.id,
    );
    expect((await t.app.inject({ method: "GET", url: `/api/headlines/${h.id}` })).statusCode).toBe(404);
    // The audit row is written once the answer is sent.
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(auditLog)
              .where(eq(auditLog.target, String(h.id)))
          )[0],
      )
      .toMatchObject({ action: "DELETE /api/admin/headlines/:id", details: { title: h.title, votes: 0 } });
    // Gone for every staff action too, the edit included (issue 28: it answered 200 and changed the row).
    expect((await call("DELETE", `/api/admin/headlines/${h.id}`)).statusCode).toBe(404);
    expect((await call("POST", `/api/admin/headlines/${h.id}/toggle-todays`)).statusCode).toBe(404);
    const edit = await call("PUT", `/api/admin/headlines/${h.id}`, { title: "Edited after deletion" });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: "Headline not found" });
    const [still] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(still?.title).toBe(h.title);
    for (const [method, action, body] of [
      ["GET", "image", undefined],
      ["POST", "approve", undefined],
      ["POST", "reinstate", undefined],
      ["POST", "toggle-tomorrows", undefined],
      ["POST", "remove-from-tomorrow", undefined],
      ["POST", "verify-payment", { isPaid: true }],
      ["POST", "contract-address", { contractAddress: ADDRESS }],
      ["POST", "announce-winner", undefined],
    ] as const) {
      const res = await call(method, `/api/admin/headlines/${h.id}/${action}`, body);
      expect(res.statusCode, action).toBe(404);
    }
  });

  it.each([
    ["winner", "The current winner cannot be deleted"],
    ["past_winner", "A past winner cannot be deleted"],
    ["launched", "A launched token cannot be deleted"],
  ] as const)("refuses to delete a %s (409 saying why) and changes nothing", async (stage, why) => {
    const h = await createHeadline(t.db, { stage, oldNewsAt: stage === "launched" ? new Date() : null });
    const res = await call("DELETE", `/api/admin/headlines/${h.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(why);
    const [kept] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(kept?.deletedAt).toBeNull();
    expect(kept?.stage).toBe(stage);
  });
});

describe("today's and tomorrow's news switches", () => {
  it("toggle-todays and toggle-tomorrows answer the new flag", async () => {
    const h = await createHeadline(t.db, { stage: "today" });
    const today1 = await call("POST", `/api/admin/headlines/${h.id}/toggle-todays`);
    expect(today1.json()).toEqual({ id: h.id, isTodaysNews: false });
    expect((await call("POST", `/api/admin/headlines/${h.id}/toggle-todays`)).json()).toEqual({
      id: h.id,
      isTodaysNews: true,
    });
    const tomorrow = await call("POST", `/api/admin/headlines/${h.id}/toggle-tomorrows`);
    expect(tomorrow.json()).toEqual({ id: h.id, isTomorrowsNews: true });
    expect(ids(await publicList("/api/tomorrows-news"))).toContain(h.id);
    expect((await call("POST", "/api/admin/headlines/424242/toggle-todays")).statusCode).toBe(404);
  });

  it.each(["winner", "past_winner", "launched"] as const)(
    "refuses both switches on a %s in the words the dashboard shows beside them (409)",
    async (stage) => {
      const launched = stage === "launched" && { contractAddress: ADDRESS, oldNewsAt: new Date() };
      const h = await createHeadline(t.db, { stage, ...launched });
      const list = (await call("GET", "/api/admin/headlines")).json() as AdminHeadline[];
      const shown = list.find((row) => row.id === h.id);
      if (!shown) throw new Error("the headline is not on the dashboard");
      const reason = listSwitchRefusal(shown.stage);
      expect(reason).not.toBeNull();
      for (const which of ["toggle-todays", "toggle-tomorrows"]) {
        const res = await call("POST", `/api/admin/headlines/${h.id}/${which}`);
        expect(res.statusCode, which).toBe(409);
        expect(res.json()).toEqual({ message: reason });
      }
    },
  );

  it("refuses to crown a promotion awaiting its payment in the words the dashboard shows (409)", async () => {
    const h = await createHeadline(t.db, { stage: "today", transactionId: "5xPastedNotPaid", isPaid: false });
    const list = (await call("GET", "/api/admin/headlines")).json() as AdminHeadline[];
    const shown = list.find((row) => row.id === h.id);
    if (!shown) throw new Error("the headline is not on the dashboard");
    const reason = crownRefusal(shown);
    expect(reason).toMatch(/cannot win before it is paid/);
    const res = await call("POST", `/api/admin/headlines/${h.id}/announce-winner`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: reason });
    // Paid, the same headline may win: the rule and the button agree.
    await t.db.update(headlines).set({ isPaid: true }).where(eq(headlines.id, h.id));
    const paid = (await call("GET", "/api/admin/headlines")).json() as AdminHeadline[];
    expect(crownRefusal(paid.find((row) => row.id === h.id) as AdminHeadline)).toBeNull();
    expect((await call("POST", `/api/admin/headlines/${h.id}/announce-winner`)).statusCode).toBe(200);
  });

  it("remove-from-tomorrow takes a candidate off Tomorrow's News", async () => {
    const h = await createHeadline(t.db, { stage: "tomorrow" });
    const res = await call("POST", `/api/admin/headlines/${h.id}/remove-from-tomorrow`);
    expect(res.json()).toMatchObject({ id: h.id, isTomorrowsNews: false });
    expect(ids(await publicList("/api/tomorrows-news"))).not.toContain(h.id);
  });
});

describe("POST /api/admin/headlines/:id/verify-payment", () => {
  it("verifies a payment (the paid submission enters voting) and rejects one", async () => {
    const h = await createHeadline(t.db, { transactionId: "tx-to-verify-00001" });
    expect(ids(await publicList("/api/headlines"))).not.toContain(h.id);
    const verified = await call("POST", `/api/admin/headlines/${h.id}/verify-payment`, { isPaid: true });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ isPaid: true, message: "Payment verified" });
    expect(ids(await publicList("/api/headlines"))).toContain(h.id);

    const rejected = await call("POST", `/api/admin/headlines/${h.id}/verify-payment`, { isPaid: false });
    expect(rejected.json()).toEqual({ isPaid: false, message: "Payment rejected" });
    expect(ids(await publicList("/api/headlines"))).not.toContain(h.id);
    // Rejected, not "pending verification": the dashboard reads the stage.
    const listed = (await call("GET", "/api/admin/headlines")).json() as Array<{ id: number; stage: string }>;
    expect(listed.find((x) => x.id === h.id)?.stage).toBe("rejected");
    // The note marks a staff decision, which the background on-chain check never revisits.
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(row?.paymentNote).toBe("Rejected by staff");
  });

  it("keeps staff's reason for a rejection, which the submitter's receipt shows", async () => {
    const h = await createHeadline(t.db, {
      stage: "pending",
      transactionId: "tx-to-reject-00002",
      receipt: "RejectedReceipt0000001",
    });
    const reason = "The payment was 0.1 SOL short";
    const rejected = await call("POST", `/api/admin/headlines/${h.id}/verify-payment`, {
      isPaid: false,
      reason,
    });
    expect(rejected.statusCode).toBe(200);
    const receipt = await t.app.inject({ method: "GET", url: "/api/submissions/RejectedReceipt0000001" });
    expect(receipt.json()).toMatchObject({ status: "rejected", note: reason });
    const tooLong = await call("POST", `/api/admin/headlines/${h.id}/verify-payment`, {
      isPaid: false,
      reason: "x".repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("refuses a headline without a payment (409), an unknown one (404) and a body without isPaid (400)", async () => {
    const free = await createHeadline(t.db);
    expect(
      (await call("POST", `/api/admin/headlines/${free.id}/verify-payment`, { isPaid: true })).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", "/api/admin/headlines/424242/verify-payment", { isPaid: true })).statusCode,
    ).toBe(404);
    expect((await call("POST", `/api/admin/headlines/${free.id}/verify-payment`, {})).statusCode).toBe(400);
  });
});

describe("POST /api/admin/headlines/:id/contract-address", () => {
  it("marks the headline launched: it appears on Yesterday's News", async () => {
    const h = await createHeadline(t.db, { stage: "past_winner" });
    const res = await call("POST", `/api/admin/headlines/${h.id}/contract-address`, {
      contractAddress: ` ${ADDRESS} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contractAddress: ADDRESS, launchStatus: "launched" });
    expect((res.json() as { oldNewsAt: string | null }).oldNewsAt).not.toBeNull();
    expect(ids(await publicList("/api/yesterdays-news"))).toContain(h.id);
  });

  it("checks the address with the spec's messages", async () => {
    const h = await createHeadline(t.db);
    const cases: Array<[unknown, string]> = [
      ["", "Contract address is required"],
      [undefined, "Contract address is required"],
      ["abc123", "Invalid Solana contract address format"],
      ["0OIl".repeat(10), "Invalid Solana contract address format"],
      ["1".repeat(45), "Invalid Solana contract address format"],
      // 32 to 44 base58 characters that decode to 33 and 31 bytes, not to a 32-byte address (issue 14).
      ["NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ", "Invalid Solana contract address format"],
      ["44kqHyUdzcZkSJh5sh6BCXHo8G5PpKYKRCwZkAGGMGZ", "Invalid Solana contract address format"],
      ["1".repeat(44), "Invalid Solana contract address format"],
    ];
    for (const [contractAddress, message] of cases) {
      const res = await call("POST", `/api/admin/headlines/${h.id}/contract-address`, { contractAddress });
      expect(res.statusCode, String(contractAddress)).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(row?.contractAddress).toBeNull();
  });
});

describe("PUT /api/admin/headlines/:id (token edit)", () => {
  it("updates title, symbol, image and description", async () => {
    const h = await createHeadline(t.db, { contractAddress: ADDRESS, symbol: "OLD" });
    const res = await call("PUT", `/api/admin/headlines/${h.id}`, {
      title: "Renamed Token",
      symbol: "",
      imageUrl: `/api/images/${"a".repeat(64)}`,
      description: "A better description.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Renamed Token",
      symbol: null,
      imageUrl: `/api/images/${"a".repeat(64)}`,
      description: "A better description.",
    });
  });

  it("answers 400 with a JSON message for an invalid edit, and changes nothing", async () => {
    const h = await createHeadline(t.db, { title: "Keep me" });
    const cases: Array<[object, string]> = [
      [{ title: "" }, "Title is required"],
      [{ title: "x".repeat(101) }, "Title must be at most 100 characters"],
      [{ title: "Fine", symbol: "S".repeat(21) }, "Symbol must be at most 20 characters"],
      [
        { title: "Fine", imageUrl: "javascript:alert(1)" },
        "Image URL must be an http(s) URL or an uploaded image",
      ],
      [{ title: "Fine", description: "d".repeat(501) }, "Description must be at most 500 characters"],
    ];
    for (const [payload, message] of cases) {
      const res = await call("PUT", `/api/admin/headlines/${h.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    const [row] = await t.db.select().from(headlines).where(eq(headlines.id, h.id));
    expect(row?.title).toBe("Keep me");
    expect((await call("PUT", "/api/admin/headlines/424242", { title: "Fine" })).statusCode).toBe(404);
  });
});

describe("createTokenHeadline (generate token from address)", () => {
  it("creates a launched token on Yesterday's News and in the Winners tab, with an audit row", async () => {
    const [account] = await t.db.select().from(accounts).where(eq(accounts.username, "staff"));
    if (!account) throw new Error("no staff account");
    const token = toAdminHeadline(
      await createTokenHeadline(
        t.db,
        { title: "Frog Coin", description: "", contractAddress: ADDRESS, symbol: "FROG", price: 0.0012 },
        { id: account.id, username: account.username, isAdmin: account.isAdmin },
      ),
    );
    expect(token).toMatchObject({
      isApproved: true,
      isWinner: true,
      isOldNews: true,
      launchStatus: "launched",
      submittedBy: "admin",
      contractAddress: ADDRESS,
      isTodaysNews: false,
      stage: "past_winner",
    });
    expect(ids(await publicList("/api/yesterdays-news"))).toContain(token.id);
    expect(ids(await publicList("/api/headlines"))).not.toContain(token.id);
    const rows = await t.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: "staff", target: String(token.id) });
  });
});

describe("POST /api/admin/headlines/:id/reinstate", () => {
  it("puts an expired submission whose payment arrived late back in review, paid; anything else is 409", async () => {
    const late = await createHeadline(t.db, {
      stage: "expired",
      paymentReference: "late-reference-000000000000000000000000001",
      transactionId: "late-transaction-0000000000000000000000000000000000000001",
      paymentNote: "Paid 0.35 SOL after it expired (tx late…)",
    });
    const res = await call("POST", `/api/admin/headlines/${late.id}/reinstate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: "pending", isPaid: true, isApproved: false });
    // Then staff approve it like any other: it joins today's voting, paid.
    expect((await call("POST", `/api/admin/headlines/${late.id}/approve`)).statusCode).toBe(200);
    expect(ids(await publicList("/api/headlines"))).toContain(late.id);

    const unpaid = await createHeadline(t.db, {
      stage: "expired",
      paymentReference: "late-reference-000000000000000000000000002",
    });
    const refused = await call("POST", `/api/admin/headlines/${unpaid.id}/reinstate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("has no payment");
    expect((await call("POST", `/api/admin/headlines/${late.id}/reinstate`)).statusCode).toBe(409);
  });
});
