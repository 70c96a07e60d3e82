import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "./fixtures/fixture-server";
import { createOutboundFetch, createServiceFetch, operatorHosts } from "./outbound";
import { SafeFetchError } from "./safe-fetch";

/**
 * Operator settings are trusted (decisions page, second wave): an RPC node on loopback named by
 * SOLANA_RPC_URL is reached, while the same address coming from input is still refused.
 */
let rpc: FixtureServer;
beforeAll(async () => {
  rpc = await startFixtureServer((_req, res) => res.end("node"));
});
afterAll(() => rpc.close());

describe("outside calls", () => {
  it("reach the loopback host:port an operator setting names, and only that one", async () => {
    const service = createServiceFetch({ solanaRpcUrl: `${rpc.url}/rpc` });
    expect((await service.request(`${rpc.url}/rpc`)).status).toBe(200);
    const otherPort = `http://127.0.0.1:${Number(new URL(rpc.url).port) + 1}/`;
    const refused = await service.request(otherPort).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SafeFetchError);
    expect((refused as SafeFetchError).kind).toBe("blocked_address");
  });

  it("refuse that host for addresses from input", async () => {
    const input = createOutboundFetch({});
    const refused = await input.request(`${rpc.url}/rpc`).catch((error: unknown) => error);
    expect((refused as SafeFetchError).kind).toBe("blocked_address");
    expect(rpc.requests).toHaveLength(1);
  });

  it("name each configured service's host and port", () => {
    expect(
      operatorHosts({
        solanaRpcUrl: "http://127.0.0.1:8899",
        dexscreenerBaseUrl: "https://api.dexscreener.com",
        newsFeedBaseUrl: "http://[::1]:9000/feeds",
      }),
    ).toEqual(["127.0.0.1:8899", "[::1]:9000", "api.dexscreener.com:443"]);
  });
});
