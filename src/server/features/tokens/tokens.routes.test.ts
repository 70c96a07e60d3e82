import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Headline } from "@/common/headline";
import type { TrendingToken } from "@/common/trending";
import { headlines } from "../../db/schema";
import {
  type FakeSources,
  PAYMENTS,
  startFakeSources,
  syntheticAddress,
  syntheticPair,
  TOKENS,
} from "../../integrations/fixtures/fake-sources";
import { createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createAccount, logInAs, withSession } from "../accounts/test-accounts";

const TOKENS_FAILED = "Failed to fetch trending tokens. Please try again later.";
const IMPORT_FAILED = "Failed to import token. Please check the contract address and try again.";

let fake: FakeSources;
let t: TestApp;
let session: string;

beforeAll(async () => {
  fake = await startFakeSources();
  t = await createTestApp(fake.config);
  await createAccount(t.db, "editor", "editor-password-1", false);
  session = await logInAs(t.app, "editor", "editor-password-1");
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.reset();
  vi.restoreAllMocks();
});

const get = (url: string, cookies: Record<string, string> = withSession(session)) =>
  t.app.inject({ method: "GET", url, cookies });
const post = (url: string, payload?: object, cookies: Record<string, string> = withSession(session)) =>
  t.app.inject({ method: "POST", url, payload, cookies });

describe("the staff guard on the token routes", () => {
  it.each([
    ["GET", "/api/trending-tokens/dexscreener"],
    ["POST", "/api/tokens/import"],
    ["GET", `/api/token-info/${TOKENS.moonCat}`],
    ["POST", "/api/admin/update-news-sources"],
    ["POST", "/api/admin/headlines/1/check-payment"],
  ])("%s %s answers 401 without a session and calls nothing outside", async (method, url) => {
    const before = fake.server.requests.length;
    const res = await t.app.inject({
      method: method as "GET",
      url,
      payload: method === "POST" ? {} : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Please log in to access admin features." });
    expect(fake.server.requests.length).toBe(before);
  });
});

describe("GET /api/trending-tokens/{source}", () => {
  it("lists DexScreener's latest boosted and profiled Solana tokens with market data from the most liquid pair", async () => {
    const res = await get("/api/trending-tokens/dexscreener");
    expect(res.statusCode).toBe(200);
    const list = res.json() as TrendingToken[];
    expect(list.map((x) => x.contractAddress)).toEqual([
      TOKENS.frogWizard,
      TOKENS.moonCat,
      TOKENS.gazetteDog,
    ]);
    expect(list[1]).toEqual({
      title: "Moon Cat",
      symbol: "MCAT",
      description: "Moon Cat is the first cat to reach the moon. Community owned, no team tokens.",
      source: "dexscreener",
      contractAddress: TOKENS.moonCat,
      imageUrl:
        "https://dd.dexscreener.com/ds-data/tokens/solana/AUx3gL3ztTzNrSzJU3TXZTsG54QmqjTjbR8JFg3jpump.png?key=a1b2c3",
      price: 0.0009902,
      marketCap: 990200,
      volume24h: 254311.72,
    });
    expect(list[2]?.description).toBe("Gazette Dog ($GDOG) is trending on DexScreener.");
    expect(fake.server.requests).toContain(
      `GET /tokens/v1/solana/${TOKENS.frogWizard},${TOKENS.moonCat},${TOKENS.gazetteDog}`,
    );
  });

  it("still lists DexScreener's tokens, without prices, when its market data fails", async () => {
    fake.state.failing.add("/tokens/v1/");
    const list = (await get("/api/trending-tokens/dexscreener")).json() as TrendingToken[];
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      title: "Token 7RJW...tMSJ",
      price: null,
      imageUrl: expect.stringContaining("https://"),
    });
  });

  it("lists Jupiter's top trending tokens", async () => {
    const list = (await get("/api/trending-tokens/jupiter")).json() as TrendingToken[];
    expect(list.map((x) => [x.contractAddress, x.source, x.symbol])).toEqual([
      [TOKENS.laserEyes, "jupiter", "LASER"],
      [TOKENS.frogWizard, "jupiter", "FWIZ"],
    ]);
    expect(list[0]?.volume24h).toBe(1602101);
  });

  it("merges both by contract address for `all`, DexScreener's market data winning", async () => {
    const list = (await get("/api/trending-tokens/all")).json() as TrendingToken[];
    expect(list.map((x) => x.contractAddress)).toEqual([
      TOKENS.frogWizard,
      TOKENS.moonCat,
      TOKENS.gazetteDog,
      TOKENS.laserEyes,
    ]);
    const frog = list[0] as TrendingToken;
    expect(frog.source).toBe("dexscreener+jupiter");
    expect(frog.price).toBe(0.2201);
    expect(frog.marketCap).toBe(198000000);
    // DexScreener's own image (the boost's icon, as its pair has none) wins too.
    expect(frog.imageUrl).toBe(`https://dd.dexscreener.com/ds-data/tokens/solana/${TOKENS.frogWizard}.png`);
  });

  it("answers `all` from one source when the other fails, and 502 when both do", async () => {
    fake.state.failing.add("/token-profiles/");
    fake.state.failing.add("/token-boosts/");
    const jupiterOnly = await get("/api/trending-tokens/all");
    expect(jupiterOnly.statusCode).toBe(200);
    expect((jupiterOnly.json() as TrendingToken[]).map((x) => x.source)).toEqual(["jupiter", "jupiter"]);
    fake.state.failing.add("/tokens/v2/");
    const none = await get("/api/trending-tokens/all");
    expect(none.statusCode).toBe(502);
    expect(none.json()).toEqual({ message: TOKENS_FAILED });
  });

  it("answers 502 with the spec's message when the chosen source fails or hangs", async () => {
    fake.state.failing.add("/tokens/v2/");
    expect((await get("/api/trending-tokens/jupiter")).json()).toEqual({ message: TOKENS_FAILED });
    fake.state.hanging.add("/token-profiles/");
    fake.state.hanging.add("/token-boosts/");
    const res = await get("/api/trending-tokens/dexscreener");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: TOKENS_FAILED });
  });

  it("answers 400 for an unknown source", async () => {
    const res = await get("/api/trending-tokens/coingecko");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Unknown trending token source. Use one of: dexscreener, jupiter, all.");
  });
});

describe("POST /api/tokens/import", () => {
  const rowsFor = (address: string) =>
    t.db.select().from(headlines).where(eq(headlines.contractAddress, address));

  it("checks the contract address with the spec's messages", async () => {
    for (const payload of [{}, { contractAddress: "" }, { contractAddress: "   " }]) {
      const res = await post("/api/tokens/import", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Contract address is required");
    }
    for (const contractAddress of [
      "1".repeat(31),
      "1".repeat(45),
      "0xabc0000000000000000000000000000000000000",
      // Base58 of the right length, but 33 bytes: no Solana address (issue 14).
      "NJGM7Jvmt9znuyXp13R83QLb4FkmhyBpEw712SAzKTdQ",
    ]) {
      const res = await post("/api/tokens/import", { contractAddress });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Invalid Solana contract address format");
    }
  });

  it("imports a listed token to Yesterday's News as launched, filled from DexScreener", async () => {
    const res = await post("/api/tokens/import", { contractAddress: TOKENS.moonCat, source: "dexscreener" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: "Moon Cat",
      description: `Imported token ${TOKENS.moonCat} from dexscreener.`,
      symbol: "MCAT",
      contractAddress: TOKENS.moonCat,
      isApproved: true,
      launchStatus: "launched",
      submittedBy: "admin",
      source: "dexscreener",
      price: 0.0009902,
      marketCap: 990200,
      volume24h: 254311.72,
      priceChange24h: 33.2,
      liquidityUsd: 84120.55,
      pairCreatedAt: new Date(1794100000000).toISOString(),
      chartUrl: `https://dexscreener.com/solana/${TOKENS.moonCatTopPair}`,
      buyUrl: `https://jup.ag/swap/SOL-${TOKENS.moonCat}`,
      websiteUrl: "https://mooncat.example",
      twitterUrl: "https://x.com/mooncat_example",
    });
    const [row] = await rowsFor(TOKENS.moonCat);
    expect(row?.stage).toBe("launched");
    expect(row?.oldNewsAt).toBeInstanceOf(Date);
    const yesterday = (
      await t.app.inject({ method: "GET", url: "/api/yesterdays-news" })
    ).json() as Headline[];
    expect(yesterday[0]?.contractAddress).toBe(TOKENS.moonCat);
  });

  it("answers 409 for an address already on Yesterday's News and changes nothing", async () => {
    const address = syntheticAddress(1, "Dup");
    expect((await post("/api/tokens/import", { contractAddress: address, title: "First" })).statusCode).toBe(
      201,
    );
    const again = await post("/api/tokens/import", { contractAddress: address, title: "Second" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This token is already on Yesterday's News." });
    const rows = await rowsFor(address);
    expect(rows.map((r) => r.title)).toEqual(["First"]);
  });

  it("imports an address once when two imports race", async () => {
    const address = syntheticAddress(2, "Race");
    const answers = await Promise.all([
      post("/api/tokens/import", { contractAddress: address }),
      post("/api/tokens/import", { contractAddress: address }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsFor(address)).toHaveLength(1);
  });

  it("uses generic text built from the address for an unlisted token", async () => {
    const res = await post("/api/tokens/import", { contractAddress: TOKENS.unknown });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: `Token ${TOKENS.unknown.slice(0, 4)}...${TOKENS.unknown.slice(-4)}`,
      description: `Imported token ${TOKENS.unknown} from manual import.`,
      imageUrl: null,
      price: null,
      chartUrl: `https://dexscreener.com/solana/${TOKENS.unknown}`,
      buyUrl: `https://jup.ag/swap/SOL-${TOKENS.unknown}`,
      source: "manual import",
    });
  });

  it("keeps the title and description given", async () => {
    const res = await post("/api/tokens/import", {
      contractAddress: TOKENS.gazetteDog,
      title: "Gazette Dog Token",
      description: "The paper's own good boy, launched by the community.",
    });
    expect(res.json()).toMatchObject({
      title: "Gazette Dog Token",
      description: "The paper's own good boy, launched by the community.",
      symbol: "GDOG",
    });
  });

  it("still imports, with the defaults, when DexScreener fails", async () => {
    fake.state.failing.add("/tokens/v1/");
    const address = syntheticAddress(3, "Down");
    const res = await post("/api/tokens/import", { contractAddress: address });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: `Token Down...${address.slice(-4)}`, price: null });
  });

  it("answers the spec's message for any other failure", async () => {
    vi.spyOn(t.db, "transaction").mockRejectedValueOnce(new Error("disk on fire"));
    const res = await post("/api/tokens/import", { contractAddress: syntheticAddress(4, "Fire") });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: IMPORT_FAILED });
  });
});

describe("GET /api/token-info/{address}", () => {
  it("answers the most liquid pair's data for a mint", async () => {
    const res = await get(`/api/token-info/${TOKENS.moonCat}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contractAddress: TOKENS.moonCat,
      name: "Moon Cat",
      description: "Moon Cat ($MCAT) is a Solana token launched by the community.",
      imageUrl:
        "https://dd.dexscreener.com/ds-data/tokens/solana/AUx3gL3ztTzNrSzJU3TXZTsG54QmqjTjbR8JFg3jpump.png?key=a1b2c3",
      symbol: "MCAT",
      price: 0.0009902,
      marketCap: 990200,
      volume24h: 254311.72,
      chartUrl: `https://dexscreener.com/solana/${TOKENS.moonCatTopPair}`,
      buyUrl: `https://jup.ag/swap/SOL-${TOKENS.moonCat}`,
    });
  });

  it("resolves a pair address (from a dexscreener.com URL) to its token", async () => {
    const res = await get(`/api/token-info/${TOKENS.moonCatTopPair}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contractAddress: TOKENS.moonCat, symbol: "MCAT" });
  });

  it("answers 404 for a token without pairs and 400 for a malformed address", async () => {
    const missing = await get(`/api/token-info/${TOKENS.unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Token not found" });
    const malformed = await get("/api/token-info/not-an-address");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid contract address");
  });

  it("answers 502 when DexScreener fails", async () => {
    fake.state.failing.add("/tokens/v1/");
    const res = await get(`/api/token-info/${TOKENS.moonCat}`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: "Failed to fetch token info. Please try again later." });
  });
});

describe("POST /api/admin/update-news-sources", () => {
  it("stores the 24 h change, liquidity and pair age beside the price (issue 22)", async () => {
    const token = await createHeadline(t.db, {
      contractAddress: TOKENS.gazetteDog,
      stage: "launched",
      oldNewsAt: new Date(),
    });
    const res = await post("/api/admin/update-news-sources");
    expect(res.statusCode).toBe(200);
    const updated = (res.json().updatedHeadlines as Headline[]).find((h) => h.id === token.id);
    expect(updated).toMatchObject({
      priceChange24h: -12.5,
      liquidityUsd: 5120.3,
      pairCreatedAt: new Date(1793900000000).toISOString(),
    });
    const [listed] = ((await get("/api/yesterdays-news", {})).json() as Headline[]).filter(
      (h) => h.id === token.id,
    );
    expect(listed).toMatchObject({ priceChange24h: -12.5, liquidityUsd: 5120.3 });
  });

  it("refreshes every launched token in batches of 30 and survives a failing batch", async () => {
    await t.db.delete(headlines);
    const addresses = Array.from({ length: 35 }, (_, i) => syntheticAddress(i + 1, "Mkt"));
    fake.state.extraPairs = addresses.map((address, i) =>
      syntheticPair(address, i + 1, syntheticAddress(i + 1, "Pair")),
    );
    const launched = await Promise.all(
      addresses.map((contractAddress) =>
        createHeadline(t.db, { contractAddress, stage: "launched", oldNewsAt: new Date() }),
      ),
    );
    const custom = await createHeadline(t.db, {
      contractAddress: addresses[0],
      chartUrl: "https://birdeye.so/token/custom",
      buyUrl: "https://pump.fun/coin/custom",
      imageUrl: "https://example.com/own.png",
    });
    await createHeadline(t.db, { contractAddress: "0xNotSolana" });
    fake.state.failTokenBatchWith = addresses[34] as string;
    const before = fake.server.requests.length;

    const res = await post("/api/admin/update-news-sources");
    expect(res.statusCode).toBe(200);

    const calls = fake.server.requests.slice(before).filter((r) => r.startsWith("GET /tokens/v1/solana/"));
    const batches = calls.map((c) => c.slice("GET /tokens/v1/solana/".length).split(","));
    expect(batches.every((b) => b.length <= 30)).toBe(true);
    const failed = new Set(batches.find((b) => b.includes(addresses[34] as string)));
    const served = addresses.filter((a) => !failed.has(a));
    expect(served.length).toBeGreaterThan(0);

    const updated = res.json().updatedHeadlines as Headline[];
    // It says what it did, the failing batch included.
    expect(res.json()).toMatchObject({ addresses: 35, refreshed: served.length, failedTokens: failed.size });
    expect(res.json().message).toBe(
      `Refreshed ${served.length} of 35 launched tokens. DexScreener did not answer for ${failed.size}; ` +
        "they keep their last numbers.",
    );
    const updatedAddresses = new Set(updated.map((h) => h.contractAddress));
    for (const address of served) expect(updatedAddresses.has(address), address).toBe(true);
    for (const address of failed) expect(updatedAddresses.has(address), address).toBe(false);

    const rows = await t.db
      .select()
      .from(headlines)
      .where(inArray(headlines.id, [...launched.map((r) => r.id), custom.id]));
    for (const row of rows) {
      const i = addresses.indexOf(row.contractAddress as string);
      if (failed.has(row.contractAddress as string)) {
        expect(row.price).toBeNull();
        continue;
      }
      expect(row.price).toBe(i + 1);
      expect(row.marketCap).toBe((i + 1) * 900_000);
      expect(row.volume24h).toBe((i + 1) * 1000);
      if (row.id === custom.id) {
        // Staff's own links and image stay.
        expect(row.chartUrl).toBe("https://birdeye.so/token/custom");
        expect(row.buyUrl).toBe("https://pump.fun/coin/custom");
        expect(row.imageUrl).toBe("https://example.com/own.png");
      } else {
        expect(row.chartUrl).toBe(`https://dexscreener.com/solana/${syntheticAddress(i + 1, "Pair")}`);
        expect(row.buyUrl).toBe(`https://jup.ag/swap/SOL-${row.contractAddress}`);
        expect(row.imageUrl).toBe("https://example.com/image.png");
      }
    }
  });

  it("says so when DexScreener does not answer at all, instead of a success with 0 refreshed", async () => {
    await t.db.delete(headlines);
    await createHeadline(t.db, { contractAddress: syntheticAddress(5, "Down") });
    await createHeadline(t.db, { contractAddress: syntheticAddress(6, "Down") });
    fake.state.failing.add("/tokens/v1/solana/");
    const res = await post("/api/admin/update-news-sources");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      updatedHeadlines: [],
      addresses: 2,
      refreshed: 0,
      failedTokens: 2,
      message: "DexScreener did not answer: no launched token was refreshed (2 keep their last numbers).",
    });
  });

  it("says when there is nothing to refresh, and when DexScreener has no market for a token", async () => {
    await t.db.delete(headlines);
    const none = await post("/api/admin/update-news-sources");
    expect(none.json()).toMatchObject({
      addresses: 0,
      failedTokens: 0,
      message: "No launched tokens to refresh.",
    });
    const address = syntheticAddress(78, "Nomkt");
    await createHeadline(t.db, { contractAddress: address });
    const one = await post("/api/admin/update-news-sources");
    expect(one.json()).toMatchObject({
      addresses: 1,
      failedTokens: 0,
      message: "Refreshed 0 of 1 launched token. DexScreener lists no market for 1.",
    });
  });

  it("fills a missing image from DexScreener", async () => {
    const address = syntheticAddress(77, "Pic");
    fake.state.extraPairs = [syntheticPair(address, 7, syntheticAddress(77, "Pair"))];
    const row = await createHeadline(t.db, { contractAddress: address, imageUrl: null });
    await post("/api/admin/update-news-sources");
    const [after] = await t.db.select().from(headlines).where(eq(headlines.id, row.id));
    expect(after?.imageUrl).toBe(`https://dd.dexscreener.com/ds-data/tokens/solana/${address}.png`);
  });
});

describe("POST /api/admin/headlines/{id}/check-payment", () => {
  const paid = (transactionId: string) =>
    createHeadline(t.db, {
      transactionId,
      stage: "pending",
      submittedBy: "Dev Team",
      launchStatus: "upcoming",
    });

  it.each([
    [PAYMENTS.valid, true, "Payment of 0.35 SOL confirmed"],
    [PAYMENTS.failed, false, "Transaction failed on chain"],
    [PAYMENTS.otherAddress, false, "Payment went to another address"],
    [PAYMENTS.tooSmall, false, "Amount 0.1 SOL is below the 0.35 SOL price"],
    [PAYMENTS.notFound, false, "Transaction not found or not finalized"],
  ])("checks %s on chain and stores the verdict", async (signature, isPaid, message) => {
    fake.state.rpcBlockTime = new Date(Date.now() - 60_000);
    const row = await paid(signature);
    const res = await post(`/api/admin/headlines/${row.id}/check-payment`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPaid, message });
    const [after] = await t.db.select().from(headlines).where(eq(headlines.id, row.id));
    expect(after).toMatchObject({ isPaid, paymentNote: message });
  });

  it("answers 404 for an unknown headline and 409 for one without a payment", async () => {
    expect((await post("/api/admin/headlines/999999/check-payment")).statusCode).toBe(404);
    const free = await createHeadline(t.db);
    const res = await post(`/api/admin/headlines/${free.id}/check-payment`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "This headline has no payment to verify." });
  });

  it("answers 502 and stores nothing when the RPC node fails", async () => {
    fake.state.failing.add("/solana-rpc");
    const row = await paid("5".repeat(87));
    const res = await post(`/api/admin/headlines/${row.id}/check-payment`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "Could not reach the Solana network to check the payment. Please try again later.",
    });
    const [after] = await t.db.select().from(headlines).where(eq(headlines.id, row.id));
    expect(after?.paymentNote).toBeNull();
  });
});
