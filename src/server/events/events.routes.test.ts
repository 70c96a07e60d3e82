import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { MAX_STREAMS_PER_NETWORK, TOO_MANY_STREAMS } from "./events.routes";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as AddressInfo).port;
}

/** Opens GET /api/events; answers the response (kept open unless refused). */
function openStream(port: number) {
  const request = http.get({ host: "127.0.0.1", port, path: "/api/events", agent: false });
  cleanups.push(() => void request.destroy());
  return new Promise<{ response: http.IncomingMessage; body: () => Promise<string>; close: () => void }>(
    (resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) =>
        resolve({
          response,
          close: () => request.destroy(),
          body: async () => {
            let text = "";
            for await (const chunk of response) text += chunk;
            return text;
          },
        }),
      );
    },
  );
}

describe("GET /api/events is bounded", () => {
  it(`keeps at most ${MAX_STREAMS_PER_NETWORK} open per network, then 429 with Retry-After`, async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const port = await listening(t);
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_NETWORK }, () => openStream(port)),
    );
    expect(streams.every((s) => s.response.statusCode === 200)).toBe(true);
    const refused = await openStream(port);
    expect(refused.response.statusCode).toBe(429);
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body())).toEqual({ message: TOO_MANY_STREAMS });
    // A stream that closes gives its place back.
    streams[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(port);
        again.close();
        return again.response.statusCode;
      })
      .toBe(200);
  });

  it("keeps at most EVENT_STREAMS_MAX open in one process, whoever asks", async () => {
    const t = await createTestApp({ eventStreamsMax: 3 });
    cleanups.push(() => t.close());
    const port = await listening(t);
    const streams = await Promise.all(Array.from({ length: 3 }, () => openStream(port)));
    expect(streams.map((s) => s.response.statusCode)).toEqual([200, 200, 200]);
    const refused = await openStream(port);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.headers["retry-after"]).toBeDefined();
  });
});
