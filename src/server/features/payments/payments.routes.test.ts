import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOCKHASH_MESSAGES, LATEST_BLOCKHASH_PATH } from "@/common/latest-blockhash";
import { type FixtureServer, sendJson, startFixtureServer } from "../../integrations/fixtures/fixture-server";
import { createTestApp, type TestApp } from "../../test/test-app";

// The shape a Solana node answers getLatestBlockhash with (mainnet, recorded).
const ANSWER = {
  jsonrpc: "2.0",
  id: 1,
  result: {
    context: { apiVersion: "2.2.7", slot: 341197053 },
    value: { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N", lastValidBlockHeight: 319312421 },
  },
};

let mode: "ok" | "slow" | "error" = "ok";
let rpc: FixtureServer;

beforeAll(async () => {
  rpc = await startFixtureServer(async (_req, res, body) => {
    const call = JSON.parse(body) as { method: string };
    if (call.method !== "getLatestBlockhash")
      return sendJson(res, { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } });
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, 4_000));
    if (mode === "error")
      return sendJson(res, { jsonrpc: "2.0", id: 1, error: { code: -32005, message: "busy" } });
    sendJson(res, ANSWER);
  });
});
afterAll(() => rpc.close());

describe("GET /api/payments/latest-blockhash", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    mode = "ok";
    rpc.requests.length = 0;
    rpc.bodies.length = 0;
  });

  const withRpc = () =>
    createTestApp({
      solanaRpcUrl: `${rpc.url}/rpc`,
      outboundAllowHosts: [rpc.host],
      outboundTimeoutMs: 1_500,
    });

  it("answers the node's blockhash and asks for a confirmed one", async () => {
    t = await withRpc();
    const res = await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANSWER.result.value);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(rpc.bodies[0] ?? "{}")).toMatchObject({
      method: "getLatestBlockhash",
      params: [{ commitment: "confirmed" }],
    });
  });

  it("asks the node once for many payers at once and within a few seconds", async () => {
    t = await withRpc();
    const app = t.app;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH })),
    );
    await app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(rpc.requests).toHaveLength(1);
  });

  it("503 with the message when no RPC is configured", async () => {
    t = await createTestApp({ solanaRpcUrl: undefined });
    const res = await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: BLOCKHASH_MESSAGES.unavailable });
  });

  it("503 with Retry-After when the RPC refuses, keeps the failure for 5 s like an answer, then asks again", async () => {
    t = await withRpc();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      mode = "error";
      const res = await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({ message: BLOCKHASH_MESSAGES.rpcDown });
      mode = "ok";
      vi.advanceTimersByTime(4_900);
      expect((await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH })).statusCode).toBe(503);
      expect(rpc.requests).toHaveLength(1);
      vi.advanceTimersByTime(100);
      expect((await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH })).statusCode).toBe(200);
      expect(rpc.requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("503 with Retry-After when the RPC is slow", async () => {
    t = await withRpc();
    mode = "slow";
    const started = Date.now();
    const res = await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(Date.now() - started).toBeLessThan(3_900);
  });

  it("503 with Retry-After when the RPC is unreachable", async () => {
    t = await createTestApp({ solanaRpcUrl: "http://127.0.0.1:1/rpc", outboundAllowHosts: ["127.0.0.1:1"] });
    const res = await t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
  });
});
