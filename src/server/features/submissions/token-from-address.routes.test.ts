import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createAccount, logInAs, withSession } from "../accounts/test-accounts";

const CA = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const tokenBody = {
  title: "Generated Token",
  description: "Made from a contract address",
  symbol: "GEN",
  contractAddress: CA,
  isApproved: true,
  isWinner: true,
  submittedBy: "admin",
  launchStatus: "launched",
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("POST /api/headlines with a staff session (generate token from address)", () => {
  it("creates a launched token that appears on Yesterday's News", async () => {
    await createAccount(t.db, "staff", "staff-password-123", false);
    const session = await logInAs(t.app, "staff", "staff-password-123");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: tokenBody,
      cookies: withSession(session),
    });
    expect(res.statusCode).toBe(201);
    const yesterdays = (await t.app.inject({ method: "GET", url: "/api/yesterdays-news" })).json() as Array<
      Record<string, unknown>
    >;
    expect(yesterdays[0]).toMatchObject({
      title: "Generated Token",
      symbol: "GEN",
      contractAddress: CA,
      isWinner: true,
      launchStatus: "launched",
    });
  });

  it("checks the token fields with the admin rules", async () => {
    await createAccount(t.db, "staff", "staff-password-123", false);
    const session = await logInAs(t.app, "staff", "staff-password-123");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: { ...tokenBody, contractAddress: "too-short" },
      cookies: withSession(session),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid Solana contract address format");
  });

  it("treats the same body from a visitor as a pending submission with privileges ignored", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: {
        ...tokenBody,
        description: "A visitor pretending to be staff here",
        imageUrl: "https://example.com/a.png",
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject({ method: "GET", url: "/api/yesterdays-news" })).json()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/headlines" })).json()).toEqual([]);
  });

  it("answers a forged session cookie as a visitor, with the visitor's validation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/headlines",
      payload: tokenBody,
      cookies: withSession("forged-session-id"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please either upload an image or provide an image URL.");
  });
});
