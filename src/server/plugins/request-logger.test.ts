import { Writable } from "node:stream";
import Fastify, { LogController } from "fastify";
import { describe, expect, it } from "vitest";
import type { App } from "../types";
import { registerLazyRequestLogger } from "./request-logger";

function appLoggingTo(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // As in buildApp: request logging off, so a request that logs nothing itself needs no logger.
  const app = Fastify({
    logger: { level: "info", stream },
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as App;
  registerLazyRequestLogger(app);
  app.get("/quiet", async () => ({ ok: true }));
  app.get("/loud", async (request) => {
    request.log.warn({ detail: 1 }, "something to say");
    request.log.debug("below the level");
    return { ok: true };
  });
  return app;
}

describe("request logger", () => {
  it("logs a request's lines with its request id, as Fastify's own child logger does", async () => {
    const lines: string[] = [];
    const app = appLoggingTo(lines);
    await app.inject({ method: "GET", url: "/loud" });
    await app.close();
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const said = logged.filter((line) => line.msg === "something to say");
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40, detail: 1, reqId: expect.any(String) });
    expect(logged.some((line) => line.msg === "below the level")).toBe(false);
  });

  it("makes no child logger for a request that logs nothing", async () => {
    const lines: string[] = [];
    const app = appLoggingTo(lines);
    await app.ready();
    let children = 0;
    const child = app.log.child.bind(app.log);
    app.log.child = (...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    };
    const res = await app.inject({ method: "GET", url: "/quiet" });
    expect(res.json()).toEqual({ ok: true });
    expect(children).toBe(0);
    await app.close();
  });
});
