import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TokenFacts } from "@/common/token-facts";
import {
  type FakeSources,
  GAZETTE_DOG_AUTHORITY,
  RPC_PATH,
  startFakeSources,
  TOKENS,
} from "../../integrations/fixtures/fake-sources";
import { createSafeFetch } from "../../integrations/safe-fetch";
import { getMintAccount, topShare, uiAmount } from "../../integrations/solana";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { FACT_LOOKUPS_PER_MINUTE, TokenFactsReader } from "./token-facts";

let fake: FakeSources;
let t: TestApp;
/** A launched token not on the fake node (its mint account does not exist). */
const NO_MINT = "So11111111111111111111111111111111111111112";

beforeAll(async () => {
  fake = await startFakeSources();
  t = await createTestApp(fake.config);
  const now = new Date();
  for (const [i, contractAddress] of [TOKENS.moonCat, TOKENS.gazetteDog, NO_MINT].entries())
    await createHeadline(t.db, { stage: "launched", contractAddress, oldNewsAt: now, title: `Token ${i}` });
  // A pending submission naming a mint: not on Yesterday's News.
  await createHeadline(t.db, { stage: "pending", contractAddress: TOKENS.frogWizard });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
/** Where this test's requests to the fake sources begin. */
let mark = 0;
beforeEach(() => {
  mark = fake.server.requests.length;
});
afterEach(() => fake.reset());

/** The calls the fake node has had in this test, by method (a call answered 500 unread included). */
const rpcCalls = () =>
  fake.server.requests
    .map((request, i) =>
      i >= mark && request === `POST ${RPC_PATH}` ? JSON.parse(fake.server.bodies[i] ?? "{}").method : null,
    )
    .filter((method): method is string => method !== null);

/** Each test its own reader (its own cache), as each process has. */
function reader(rpcUrl = fake.config.solanaRpcUrl, now: () => number = Date.now) {
  const http = createSafeFetch({ allowHosts: [fake.server.host], timeoutMs: 1_500 });
  return new TokenFactsReader({ http, rpcUrl, now });
}
const listed = async () => true;

describe("GET /api/tokens/{address}/facts", () => {
  it("answers a renounced mint's facts: no authorities, its supply, the top 10 accounts' share", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/tokens/${TOKENS.moonCat}/facts` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const facts = res.json() as TokenFacts;
    expect(facts).toMatchObject({
      address: TOKENS.moonCat,
      mint: {
        status: "known",
        mintAuthority: null,
        freezeAuthority: null,
        supply: "999971234.56789",
        decimals: 6,
      },
      // 417,020,000 of 999,971,234.56789 tokens in the 10 largest of the 20 accounts the node gives.
      holders: { status: "known", top10Percent: 41.7 },
    });
    expect(new Date(facts.checkedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.parse(fake.server.bodies.at(-2) ?? "{}").params[1]).toEqual({
      encoding: "jsonParsed",
      commitment: "confirmed",
    });
  });

  it("names the authorities a creator still holds", async () => {
    const facts = (
      await t.app.inject({ method: "GET", url: `/api/tokens/${TOKENS.gazetteDog}/facts` })
    ).json();
    expect(facts).toMatchObject({
      mint: {
        status: "known",
        mintAuthority: GAZETTE_DOG_AUTHORITY,
        freezeAuthority: GAZETTE_DOG_AUTHORITY,
        supply: "420690000",
        decimals: 9,
      },
      // Four accounts hold it all.
      holders: { status: "known", top10Percent: 100 },
    });
  });

  it("answers the second read from its cache without calling the node again", async () => {
    await t.app.inject({ method: "GET", url: `/api/tokens/${TOKENS.moonCat}/facts` });
    const before = rpcCalls().length;
    const again = await t.app.inject({ method: "GET", url: `/api/tokens/${TOKENS.moonCat}/facts` });
    expect(again.statusCode).toBe(200);
    expect(again.json().holders).toEqual({ status: "known", top10Percent: 41.7 });
    expect(rpcCalls().length).toBe(before);
  });

  it("says unknown, not a mint, for an address the node holds no mint at", async () => {
    const facts = (await t.app.inject({ method: "GET", url: `/api/tokens/${NO_MINT}/facts` })).json();
    expect(facts.mint).toEqual({ status: "unknown", reason: "not_a_mint" });
    expect(facts.holders).toEqual({ status: "unknown", reason: "not_a_mint" });
  });

  it("answers 404 for a token not on Yesterday's News and calls nothing outside", async () => {
    const before = fake.server.requests.length;
    for (const address of [TOKENS.frogWizard, TOKENS.laserEyes]) {
      const res = await t.app.inject({ method: "GET", url: `/api/tokens/${address}/facts` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "This token is not on Yesterday's News." });
    }
    expect(fake.server.requests.length).toBe(before);
  });

  it("answers 400 for a malformed address", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/tokens/not-an-address/facts" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid contract address");
  });

  it("says unknown, no node configured, without a SOLANA_RPC_URL", async () => {
    const bare = await createTestApp({ ...fake.config, solanaRpcUrl: undefined });
    try {
      const before = fake.server.requests.length;
      const res = await bare.app.inject({ method: "GET", url: `/api/tokens/${TOKENS.moonCat}/facts` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        mint: { status: "unknown", reason: "not_configured" },
        holders: { status: "unknown", reason: "not_configured" },
      });
      expect(fake.server.requests.length).toBe(before);
    } finally {
      await bare.close();
    }
  });
});

describe("TokenFactsReader", () => {
  it("says unknown, no answer, when the node fails, and asks again only after a minute", async () => {
    let now = Date.parse("2026-11-10T12:00:00Z");
    const facts = reader(fake.config.solanaRpcUrl, () => now);
    fake.state.failing.add(RPC_PATH);
    const down = await facts.read(TOKENS.moonCat, "203.0.113.1", listed);
    expect(down.mint).toEqual({ status: "unknown", reason: "no_answer" });
    expect(down.holders).toEqual({ status: "unknown", reason: "no_answer" });
    expect(rpcCalls()).toHaveLength(2);

    fake.state.failing.clear();
    now += 30_000;
    expect((await facts.read(TOKENS.moonCat, "203.0.113.1", listed)).mint.status).toBe("unknown");
    expect(rpcCalls()).toHaveLength(2);

    now += 31_000;
    expect((await facts.read(TOKENS.moonCat, "203.0.113.1", listed)).mint.status).toBe("known");
    expect(rpcCalls().slice(2).sort()).toEqual(["getAccountInfo", "getTokenLargestAccounts"]);
  });

  it("says unknown, no answer, when the node hangs past the timeout", async () => {
    fake.state.hanging.add(RPC_PATH);
    const facts = await reader().read(TOKENS.moonCat, "203.0.113.1", listed);
    expect(facts.mint).toEqual({ status: "unknown", reason: "no_answer" });
  });

  it("keeps the mint facts when only the largest accounts call fails, and asks again after a minute", async () => {
    let now = Date.parse("2026-11-10T12:00:00Z");
    const facts = reader(fake.config.solanaRpcUrl, () => now);
    fake.state.rpcErrors.add("getTokenLargestAccounts");
    const partial = await facts.read(TOKENS.moonCat, "203.0.113.1", listed);
    expect(partial.mint).toMatchObject({ status: "known", mintAuthority: null });
    expect(partial.holders).toEqual({ status: "unknown", reason: "no_answer" });
    fake.state.rpcErrors.clear();
    now += 61_000;
    expect((await facts.read(TOKENS.moonCat, "203.0.113.1", listed)).holders.status).toBe("known");
  });

  it("keeps a known answer 10 minutes, then asks again (an authority may be renounced meanwhile)", async () => {
    let now = Date.parse("2026-11-10T12:00:00Z");
    const facts = reader(fake.config.solanaRpcUrl, () => now);
    await facts.read(TOKENS.gazetteDog, "203.0.113.1", listed);
    now += 9 * 60_000;
    await facts.read(TOKENS.gazetteDog, "203.0.113.1", listed);
    expect(rpcCalls()).toHaveLength(2);
    now += 2 * 60_000;
    await facts.read(TOKENS.gazetteDog, "203.0.113.1", listed);
    expect(rpcCalls()).toHaveLength(4);
  });

  it("shares one lookup between concurrent reads of a token", async () => {
    const facts = reader();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => facts.read(TOKENS.moonCat, "203.0.113.1", listed)),
    );
    expect(new Set(answers.map((a) => a.checkedAt)).size).toBe(1);
    expect(rpcCalls()).toHaveLength(2);
  });

  it("refuses a network's lookups beyond the minute's allowance with 429, cached answers still free", async () => {
    let now = Date.parse("2026-11-10T12:00:00Z");
    const facts = reader(fake.config.solanaRpcUrl, () => now);
    const network = "198.51.100.7";
    await facts.read(TOKENS.moonCat, network, listed);
    // Lookups of tokens that turn out not to be listed count too: the allowance is taken before any work.
    for (let i = 1; i < FACT_LOOKUPS_PER_MINUTE; i++)
      await expect(facts.read(TOKENS.laserEyes, network, async () => false)).rejects.toMatchObject({
        statusCode: 404,
      });
    await expect(facts.read(TOKENS.gazetteDog, network, listed)).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 60,
      message: "Too many token checks from your network. Please try again in a minute.",
    });
    expect((await facts.read(TOKENS.moonCat, network, listed)).mint.status).toBe("known");
    expect((await facts.read(TOKENS.gazetteDog, "198.51.100.8", listed)).mint.status).toBe("known");
    now += 60_001;
    expect((await facts.read(TOKENS.gazetteDog, network, listed)).mint.status).toBe("known");
  });
});

describe("the token facts' arithmetic", () => {
  it("sums the 10 largest amounts, whatever their order, over the supply, to hundredths of a percent", () => {
    expect(topShare([5n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 100n], 1_000n)).toBe(11.3);
    expect(topShare([1n], 3n)).toBe(33.33);
    expect(topShare([2n], 3n)).toBe(66.67);
    expect(topShare([1n], 0n)).toBeNull();
  });

  it("writes base units as an exact decimal of whole tokens", () => {
    expect(uiAmount(999971234567890n, 6)).toBe("999971234.56789");
    expect(uiAmount(5n, 9)).toBe("0.000000005");
    expect(uiAmount(420690000000000000n, 9)).toBe("420690000");
    expect(uiAmount(12n, 0)).toBe("12");
  });

  it("reads no mint from an account that is not one", async () => {
    fake.state.overrides.set(RPC_PATH, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          result: {
            context: { slot: 1 },
            value: {
              data: { parsed: { type: "account", info: { mint: TOKENS.moonCat } }, program: "spl-token" },
              owner: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
            },
          },
        }),
      );
    });
    const http = createSafeFetch({ allowHosts: [fake.server.host], timeoutMs: 1_500 });
    expect(await getMintAccount(http, fake.config.solanaRpcUrl as string, TOKENS.moonCat)).toBeNull();
  });
});
