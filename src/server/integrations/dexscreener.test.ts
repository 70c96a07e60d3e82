import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DexPair,
  DexPairSchema,
  fetchLatestBoosts,
  fetchLatestProfiles,
  fetchSolanaPair,
  fetchSolanaPairs,
  httpUrlOrNull,
  marketDataFromPair,
  mostLiquidPair,
} from "./dexscreener";
import { type FakeSources, startFakeSources, TOKENS } from "./fixtures/fake-sources";
import { fixture } from "./fixtures/fixture-server";
import { fetchJupiterTrending } from "./jupiter";
import { createSafeFetch, type SafeFetch } from "./safe-fetch";

const recordedPairs = (JSON.parse(fixture("dexscreener-tokens.json")) as unknown[]).map((p) =>
  DexPairSchema.parse(p),
);

describe("mostLiquidPair and marketDataFromPair", () => {
  it("picks the pair with the most USD liquidity among those trading the mint as base token", () => {
    const pair = mostLiquidPair(recordedPairs, TOKENS.moonCat) as DexPair;
    // The SOL/MCAT pair with a billion in liquidity quotes SOL's price, not MCAT's: it must not win.
    expect(pair.pairAddress).toBe(TOKENS.moonCatTopPair);
    expect(marketDataFromPair(pair, TOKENS.moonCat)).toEqual({
      contractAddress: TOKENS.moonCat,
      name: "Moon Cat",
      symbol: "MCAT",
      imageUrl:
        "https://dd.dexscreener.com/ds-data/tokens/solana/AUx3gL3ztTzNrSzJU3TXZTsG54QmqjTjbR8JFg3jpump.png?key=a1b2c3",
      price: 0.0009902,
      marketCap: 990200,
      volume24h: 254311.72,
      priceChange24h: 33.2,
      liquidityUsd: 84120.55,
      pairCreatedAt: new Date(1794100000000),
      chartUrl: `https://dexscreener.com/solana/${TOKENS.moonCatTopPair}`,
      buyUrl: `https://jup.ag/swap/SOL-${TOKENS.moonCat}`,
      websiteUrl: "https://mooncat.example",
      twitterUrl: "https://x.com/mooncat_example",
    });
    expect(mostLiquidPair(recordedPairs, TOKENS.unknown)).toBeNull();
  });

  it("falls back to the FDV when the market cap is missing", () => {
    const pair = mostLiquidPair(recordedPairs, TOKENS.gazetteDog) as DexPair;
    expect(marketDataFromPair(pair, TOKENS.gazetteDog).marketCap).toBe(16040);
  });

  it("keeps a falling price's negative 24 h change, and drops figures that cannot be", () => {
    const dog = marketDataFromPair(
      mostLiquidPair(recordedPairs, TOKENS.gazetteDog) as DexPair,
      TOKENS.gazetteDog,
    );
    expect(dog).toMatchObject({
      priceChange24h: -12.5,
      liquidityUsd: 5120.3,
      pairCreatedAt: new Date(1793900000000),
    });
    const odd = DexPairSchema.parse({
      chainId: "solana",
      pairAddress: "x",
      baseToken: { address: TOKENS.moonCat },
      priceChange: { h24: 5e9 },
      liquidity: { usd: -5 },
      // In the future, and in seconds rather than milliseconds (1970): neither is a pair's creation.
      pairCreatedAt: Date.now() + 10 * 86_400_000,
    });
    expect(marketDataFromPair(odd, TOKENS.moonCat)).toMatchObject({
      priceChange24h: null,
      liquidityUsd: null,
      pairCreatedAt: null,
    });
    const inSeconds = DexPairSchema.parse({ ...odd, pairCreatedAt: 1793900000 });
    expect(marketDataFromPair(inSeconds, TOKENS.moonCat).pairCreatedAt).toBeNull();
  });

  it("keeps only http(s) URLs from the source", () => {
    const pair = DexPairSchema.parse({
      chainId: "solana",
      pairAddress: "x",
      url: "javascript:alert(1)",
      baseToken: { address: TOKENS.moonCat, name: "Evil", symbol: "EVL" },
      priceUsd: "not a number",
      info: {
        imageUrl: "data:image/svg+xml,<svg onload=alert(1)>",
        websites: [{ url: "file:///etc/passwd" }],
      },
    });
    const market = marketDataFromPair(pair, TOKENS.moonCat);
    expect(market.chartUrl).toBe(`https://dexscreener.com/solana/${TOKENS.moonCat}`);
    expect(market.imageUrl).toBeNull();
    expect(market.websiteUrl).toBeNull();
    expect(market.price).toBeNull();
    expect(httpUrlOrNull("https://ok.example/a.png")).toBe("https://ok.example/a.png");
  });
});

describe("the DexScreener and Jupiter clients", () => {
  let fake: FakeSources;
  let http: SafeFetch;
  beforeAll(async () => {
    fake = await startFakeSources();
    http = createSafeFetch({ allowHosts: [fake.server.host] });
  });
  afterAll(() => fake.close());

  it("reads the latest profiles and boosts, Solana only", async () => {
    const profiles = await fetchLatestProfiles(http, fake.server.url);
    expect(profiles.map((p) => p.tokenAddress)).toEqual([TOKENS.moonCat, TOKENS.gazetteDog]);
    const boosts = await fetchLatestBoosts(http, fake.server.url);
    expect(boosts.map((p) => p.tokenAddress)).toEqual([TOKENS.frogWizard, TOKENS.moonCat]);
    expect(fake.server.requests).toContain("GET /token-profiles/latest/v1");
    expect(fake.server.requests).toContain("GET /token-boosts/latest/v1");
  });

  it("asks the tokens endpoint for comma-separated addresses, at most 30", async () => {
    const pairs = await fetchSolanaPairs(http, `${fake.server.url}/`, [TOKENS.moonCat, TOKENS.gazetteDog]);
    expect(pairs.length).toBeGreaterThan(2);
    expect(fake.server.requests).toContain(`GET /tokens/v1/solana/${TOKENS.moonCat},${TOKENS.gazetteDog}`);
    await expect(fetchSolanaPairs(http, fake.server.url, new Array(31).fill(TOKENS.moonCat))).rejects.toThrow(
      /at most 30/,
    );
    expect(await fetchSolanaPairs(http, fake.server.url, [])).toEqual([]);
  });

  it("looks a pair up by its pair address", async () => {
    const pair = await fetchSolanaPair(http, fake.server.url, TOKENS.moonCatTopPair);
    expect(pair?.baseToken.address).toBe(TOKENS.moonCat);
    expect(await fetchSolanaPair(http, fake.server.url, TOKENS.unknown)).toBeNull();
  });

  it("reads Jupiter's top trending tokens over 24 h, skipping malformed entries", async () => {
    const tokens = await fetchJupiterTrending(http, fake.server.url);
    expect(fake.server.requests).toContain("GET /tokens/v2/toptrending/24h?limit=50");
    expect(tokens).toEqual([
      {
        contractAddress: TOKENS.laserEyes,
        name: "Laser Eyes",
        symbol: "LASER",
        imageUrl: "https://ipfs.io/ipfs/bafkreih6laseryes5example4qnp3m2xw7o7hzq6y2r4ya3example",
        price: 0.0023103,
        marketCap: 2310000.5,
        volume24h: 1602101,
      },
      {
        contractAddress: TOKENS.frogWizard,
        name: "Frog Wizard",
        symbol: "FWIZ",
        imageUrl: "https://static.jup.ag/tokens/frogwizard.png",
        price: 0.221,
        marketCap: 199000000,
        volume24h: 1190000,
      },
    ]);
  });
});
