import dns from "node:dns";
import type http from "node:http";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type FixtureServer, sendJson, startFixtureServer } from "./fixtures/fixture-server";
import { createSafeFetch, publicOnlyLookup, SafeFetchError, type SafeFetchErrorKind } from "./safe-fetch";

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: Parameters<typeof startFixtureServer>[0]): Promise<FixtureServer> {
  const server = await startFixtureServer(handler);
  servers.push(server);
  return server;
}

async function failureOf(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw new Error(`expected a SafeFetchError, got ${String(error)}`);
  }
  throw new Error("expected the request to fail");
}

async function expectKind(promise: Promise<unknown>, kind: SafeFetchErrorKind): Promise<SafeFetchError> {
  const error = await failureOf(promise);
  expect(error.kind, error.message).toBe(kind);
  return error;
}

/** Writes `chunk` until the client goes away, respecting backpressure: "a 1 GB answer" that never ends. */
function streamForever(res: http.ServerResponse, chunk: Buffer, sent: { bytes: number }): void {
  const pump = () => {
    while (!res.destroyed) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
  };
  res.on("error", () => {});
  pump();
}

describe("safe-fetch: what it fetches", () => {
  it("answers status, headers, text and json from an allowed fixture server", async () => {
    const server = await serve((_req, res) => sendJson(res, { hello: "world" }));
    const client = createSafeFetch({ allowHosts: [server.host] });
    const response = await client.request(`${server.url}/thing?x=1`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.text()).toBe('{"hello":"world"}');
    expect(response.json()).toEqual({ hello: "world" });
    expect(server.requests).toEqual(["GET /thing?x=1"]);
  });

  it("validates JSON with a zod schema", async () => {
    const server = await serve((_req, res) => sendJson(res, { count: "not a number" }));
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.json(server.url, z.object({ count: z.number() })), "invalid_body");
    const ok = await client.json(server.url, z.object({ count: z.string() }));
    expect(ok.count).toBe("not a number");
  });

  it("reports a body that is not JSON as invalid_body", async () => {
    const server = await serve((_req, res) => res.end("<html>oops</html>"));
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.json(server.url, z.unknown()), "invalid_body");
  });

  it("sends a POST body", async () => {
    const server = await serve((_req, res, body) => sendJson(res, { echo: JSON.parse(body) }));
    const client = createSafeFetch({ allowHosts: [server.host] });
    const answer = await client.json(server.url, z.object({ echo: z.object({ a: z.number() }) }), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(answer.echo.a).toBe(1);
  });

  it("decodes gzip, deflate and br answers", async () => {
    const text = "compressed ".repeat(1000);
    const server = await serve((req, res) => {
      const encoding = req.url?.slice(1) ?? "";
      const body =
        encoding === "gzip"
          ? zlib.gzipSync(text)
          : encoding === "deflate"
            ? zlib.deflateSync(text)
            : zlib.brotliCompressSync(text);
      res.writeHead(200, { "content-encoding": encoding, "content-type": "text/plain; charset=utf-8" });
      res.end(body);
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    for (const encoding of ["gzip", "deflate", "br"]) {
      expect((await client.request(`${server.url}/${encoding}`)).text()).toBe(text);
    }
  });

  it("answers a non-2xx status with a bad_status error carrying the status", async () => {
    const server = await serve((_req, res) => sendJson(res, { message: "nope" }, 503));
    const client = createSafeFetch({ allowHosts: [server.host] });
    const error = await expectKind(client.request(server.url), "bad_status");
    expect(error.details.status).toBe(503);
  });

  it("follows up to 3 redirects on allowed hosts and refuses a fourth", async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url?.slice(1) || "0");
      if (n < 10) {
        res.writeHead(302, { location: `/${n + 1}` });
        res.end();
        return;
      }
      res.end("done");
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    expect((await client.request(`${server.url}/7`)).text()).toBe("done");
    await expectKind(client.request(`${server.url}/0`), "too_many_redirects");
  });

  it("drops the Authorization header on a redirect to another origin", async () => {
    const target = await serve((req, res) =>
      sendJson(res, { authorization: req.headers.authorization ?? null }),
    );
    const first = await serve((req, res) => {
      if (req.url === "/same") {
        res.writeHead(302, { location: "/echo" });
        res.end();
      } else if (req.url === "/echo") {
        sendJson(res, { authorization: req.headers.authorization ?? null });
      } else {
        res.writeHead(302, { location: `${target.url}/` });
        res.end();
      }
    });
    const client = createSafeFetch({ allowHosts: [first.host, target.host] });
    const schema = z.object({ authorization: z.string().nullable() });
    const init = { headers: { Authorization: "Bearer secret" } };
    expect((await client.json(`${first.url}/same`, schema, init)).authorization).toBe("Bearer secret");
    expect((await client.json(`${first.url}/away`, schema, init)).authorization).toBeNull();
  });
});

describe("safe-fetch: what it refuses", () => {
  const client = createSafeFetch({ timeoutMs: 2_000 });

  it.each([
    "file:///etc/passwd",
    "data:text/plain,hello",
    "ftp://example.com/file",
    "gopher://example.com/",
    "javascript:alert(1)",
    "not a url",
  ])("refuses %s as an invalid URL", async (url) => {
    await expectKind(client.request(url), "invalid_url");
  });

  it.each([
    "http://127.0.0.1/",
    "http://127.1/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::]/",
    "http://169.254.169.254/latest/meta-data",
    "http://0.0.0.0/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://224.0.0.1/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::]/",
  ])("refuses %s without connecting", async (url) => {
    const started = Date.now();
    await expectKind(client.request(url), "blocked_address");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("refuses a host name that resolves to a loopback address (localhost)", async () => {
    const server = await serve((_req, res) => res.end("secret"));
    const port = new URL(server.url).port;
    await expectKind(client.request(`http://localhost:${port}/`), "blocked_address");
    expect(server.requests).toEqual([]);
  });

  it("refuses a local fixture server that is not on the allow-list", async () => {
    const server = await serve((_req, res) => res.end("secret"));
    await expectKind(client.request(server.url), "blocked_address");
    expect(server.requests).toEqual([]);
  });

  it("refuses a redirect to another local port even though the first host was allowed", async () => {
    const internal = await serve((_req, res) => res.end("internal secret"));
    const allowed = await serve((_req, res) => {
      res.writeHead(302, { location: `${internal.url}/admin` });
      res.end();
    });
    const guarded = createSafeFetch({ allowHosts: [allowed.host] });
    await expectKind(guarded.request(allowed.url), "blocked_address");
    expect(allowed.requests).toHaveLength(1);
    expect(internal.requests).toEqual([]);
  });

  it("refuses redirects to the cloud metadata address and to file:", async () => {
    const server = await serve((req, res) => {
      const location = req.url === "/meta" ? "http://169.254.169.254/latest/meta-data" : "file:///etc/passwd";
      res.writeHead(301, { location });
      res.end();
    });
    const guarded = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(guarded.request(`${server.url}/meta`), "blocked_address");
    await expectKind(guarded.request(`${server.url}/file`), "invalid_url");
  });

  it("refuses URLs with credentials in them", async () => {
    await expectKind(client.request("http://user:pass@example.com/"), "invalid_url");
  });
});

describe("safe-fetch: limits", () => {
  it("times out a source that never answers", async () => {
    const server = await serve(() => {
      // Never answers.
    });
    const client = createSafeFetch({ allowHosts: [server.host], timeoutMs: 200 });
    const started = Date.now();
    const error = await expectKind(client.request(server.url), "timeout");
    expect(error.message).toContain("timed out after 200 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times out a body that trickles in too slowly (the timeout covers the body too)", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write("x")), 50);
      res.on("close", () => clearInterval(timer));
    });
    const client = createSafeFetch({ allowHosts: [server.host], timeoutMs: 300 });
    const started = Date.now();
    await expectKind(client.request(server.url), "timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("aborts an endless (1 GB) answer at the size cap, with flat memory", async () => {
    const sent = { bytes: 0 };
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      streamForever(res, Buffer.alloc(64 * 1024, 0x61), sent);
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    const before = process.memoryUsage().heapUsed;
    const error = await expectKind(client.request(server.url), "too_large");
    expect(error.message).toContain(String(2 * 1024 * 1024));
    // The server stopped soon after the cap: nowhere near a gigabyte went over the wire.
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses an answer whose Content-Length is over the cap before reading it", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-length": String(1024 * 1024 * 1024) });
      res.write("a");
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.request(server.url), "too_large");
  });

  it("counts the size after decompression: a gzip bomb stops at the cap", async () => {
    // 64 MiB of zeros, compressed to about 290 kB: well under the cap on the wire, 32 times over it unpacked.
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 1 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-length": String(bomb.length) });
      res.end(bomb);
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    await expectKind(client.request(server.url), "too_large");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("counts the size after decompression for br too, with a per-request cap", async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(32 * 1024 * 1024), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "br" });
      res.end(bomb);
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.request(server.url, { maxBytes: 64 * 1024 }), "too_large");
  });

  it("reports a corrupt compressed body as invalid_body", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end("this is not gzip");
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.request(server.url), "invalid_body");
  });

  it("reports a connection cut mid-body as a network error", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-length": "1000" });
      res.write("partial");
      setTimeout(() => res.destroy(), 20);
    });
    const client = createSafeFetch({ allowHosts: [server.host] });
    await expectKind(client.request(server.url), "network");
  });
});

describe("publicOnlyLookup (the connect-time check)", () => {
  afterEach(() => vi.restoreAllMocks());

  const resolveTo = (addresses: dns.LookupAddress[]) =>
    vi
      .spyOn(dns, "lookup")
      .mockImplementation(((
        _host: string,
        _options: unknown,
        callback: (error: null, addresses: dns.LookupAddress[]) => void,
      ) => callback(null, addresses)) as unknown as typeof dns.lookup);

  const lookUp = (all: boolean) =>
    new Promise<{ error: unknown; result: unknown; family?: number }>((resolve) =>
      publicOnlyLookup("news.example", { all }, ((error: unknown, result: unknown, family?: number) =>
        resolve({ error, result, family })) as never),
    );

  it("passes public answers through in both callback forms node:net uses", async () => {
    resolveTo([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ]);
    expect(await lookUp(true)).toMatchObject({
      error: null,
      result: [{ address: "93.184.216.34", family: 4 }, { family: 6 }],
    });
    expect(await lookUp(false)).toEqual({ error: null, result: "93.184.216.34", family: 4 });
  });

  it("refuses the whole answer when any address in it is private (DNS rebinding, split answers)", async () => {
    resolveTo([
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ]);
    const { error } = await lookUp(true);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).kind).toBe("blocked_address");
  });

  it("refuses an empty answer", async () => {
    resolveTo([]);
    expect((await lookUp(false)).error).toBeInstanceOf(SafeFetchError);
  });
});
