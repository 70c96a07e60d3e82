import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BLOCKHASH_MESSAGES, LATEST_BLOCKHASH_PATH } from "@/common/latest-blockhash";
import { type FixtureServer, sendJson, startFixtureServer } from "../../integrations/fixtures/fixture-server";
import { createTestApp, type TestApp } from "../../test/test-app";
import { BLOCKHASH_CACHE_MS, createBlockhashSource } from "./latest-blockhash";

/**
 * Failures are shared like answers (issue 20: with the Solana node down, 100 payers made 63 calls to it).
 */

const VALUE = { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N", lastValidBlockHeight: 319312421 };

describe("createBlockhashSource", () => {
  it("keeps a failure for the window like an answer, then asks again", async () => {
    let clock = 1_000_000;
    let calls = 0;
    let down = true;
    const source = createBlockhashSource(
      async () => {
        calls += 1;
        if (down) throw new Error("node down");
        return VALUE;
      },
      () => clock,
    );
    for (let i = 0; i < 10; i++) await expect(source()).rejects.toThrow("node down");
    expect(calls).toBe(1);
    down = false;
    clock += BLOCKHASH_CACHE_MS - 1;
    await expect(source()).rejects.toThrow("node down");
    expect(calls).toBe(1);
    clock += 1;
    await expect(source()).resolves.toEqual(VALUE);
    expect(calls).toBe(2);
    down = true;
    clock += BLOCKHASH_CACHE_MS - 1;
    await expect(source()).resolves.toEqual(VALUE); // the answer is kept as before
    expect(calls).toBe(2);
  });

  it("shares one call in flight among concurrent askers, when it fails too", async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => {};
    const source = createBlockhashSource(() => {
      calls += 1;
      return new Promise((_resolve, reject) => {
        fail = reject;
      });
    });
    const pending = Array.from({ length: 25 }, () => source());
    fail(new Error("timed out"));
    const outcomes = await Promise.allSettled(pending);
    expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
    expect(calls).toBe(1);
  });
});

describe("GET /api/payments/latest-blockhash with the node down", () => {
  let rpc: FixtureServer;
  let t: TestApp;
  beforeAll(async () => {
    // A node that is down: every call's connection is cut (or, at the end, answers).
    rpc = await startFixtureServer((_req, res) => {
      if (up) return sendJson(res, { jsonrpc: "2.0", id: 1, result: { context: { slot: 1 }, value: VALUE } });
      res.socket?.destroy();
    });
  });
  const up = false;
  afterAll(() => rpc.close());
  afterEach(async () => {
    await t.close();
    rpc.requests.length = 0;
  });

  it("makes one call for 100 payers within the window, each told 503 with Retry-After", async () => {
    t = await createTestApp({
      solanaRpcUrl: `${rpc.url}/rpc`,
      outboundAllowHosts: [rpc.host],
      outboundTimeoutMs: 1_500,
    });
    const ask = () => t.app.inject({ method: "GET", url: LATEST_BLOCKHASH_PATH });
    const answers = await Promise.all(Array.from({ length: 50 }, ask));
    for (let i = 0; i < 50; i++) answers.push(await ask());
    expect(rpc.requests).toHaveLength(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({ message: BLOCKHASH_MESSAGES.rpcDown });
    }
  });
});
