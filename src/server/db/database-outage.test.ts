import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "@/common/live";
import { buildApp } from "../app";
import { createHeadline } from "../test/factories";
import { tcpProxy } from "../test/tcp-proxy";
import { createTestApp, testConfig } from "../test/test-app";
import { openPostgres, rowsOf } from "./connect";
import { settings } from "./schema";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(process.env.TEST_DB === "postgres")("a database outage", () => {
  it("answers 503 JSON while the database is cut off, writes nothing partial, and recovers by itself", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.db.update(settings).set({ votingEndTime: new Date(Date.now() + 86_400_000) });
    const headlines = await Promise.all([createHeadline(t.db), createHeadline(t.db), createHeadline(t.db)]);

    const target = new URL(t.database.url as string);
    const proxy = tcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.listen();
    const viaProxy = new URL(target);
    viaProxy.port = String(port);
    const database = openPostgres(viaProxy.toString(), 5);
    // With pages (a built app in miniature), logging as in production.
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "mg-outage-"));
    fs.writeFileSync(path.join(staticDir, "index.html"), "<html><head><title>x</title></head></html>");
    let logs = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ staticDir }),
      database,
      logger: { level: "warn", stream },
    });
    const heard: string[] = [];
    app.liveEvents.onChange((topics) => heard.push(...topics));
    cleanups.push(async () => {
      await app.close();
      await database.close();
      await proxy.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    });

    const vote = (i: number) =>
      app.inject({
        method: "POST",
        url: "/api/vote",
        payload: { headlineId: headlines[i % 3]?.id },
        cookies: { mg_visitor: `outagevisitor${String(i).padStart(9, "0")}` },
        remoteAddress: `192.0.2.${i}`,
      });

    expect((await vote(1)).statusCode).toBe(200);

    proxy.cut();
    const during = await Promise.all([
      vote(2),
      vote(3),
      app.inject({ method: "GET", url: "/api/headlines" }),
    ]);
    for (const res of during) {
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("10");
      expect(res.json()).toEqual({
        message: "The service is temporarily unavailable. Please try again shortly.",
      });
    }
    // A browser opening a headline's page gets the paper's own page, not JSON.
    const page = await app.inject({ method: "GET", url: `/h/${headlines[0]?.id}` });
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("10");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("The presses are down");
    // Four requests failed on the outage: one short line, without a stack.
    const failureLines = logs.split("\n").filter((line) => line.includes("database unreachable"));
    expect(failureLines, logs).toHaveLength(1);
    expect(logs).not.toContain('"stack"');

    proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: "GET", url: "/api/settings" })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    expect((await vote(4)).statusCode).toBe(200);
    // The announcements made while it was cut off were lost: once it hears the database again, every list
    // counts as changed, so open pages fetch them all.
    await expect.poll(() => new Set(heard), { timeout: 10_000 }).toEqual(new Set(LIVE_TOPICS));

    // Every vote answered 200 is stored once, and the counters equal the rows.
    const [check] = rowsOf<{ counted: number; stored: number }>(
      await t.db.execute(sql`SELECT (SELECT sum(votes)::int FROM headlines) AS counted,
        (SELECT count(*)::int FROM votes WHERE kind = 'headline') AS stored`),
    );
    expect(check).toEqual({ counted: 2, stored: 2 });
  });
});
