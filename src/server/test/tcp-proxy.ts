import net from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut and restore, so that an outage
 * is simulated without touching the machine's shared server.
 */
export function tcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    /** Drops every open connection and refuses new ones until restore(). */
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The startup-phase request codes that are followed by another startup message (SSL, GSS encryption). */
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;

/**
 * A proxy in front of PostgreSQL that refuses LISTEN, as a pool that gives each transaction whichever server
 * session is free cannot honour it (PgBouncer in transaction mode). It reads the client's side of the
 * protocol: a simple Query or a Parse whose text has LISTEN is counted and answered with an ErrorResponse
 * (and, for a Query, ReadyForQuery) instead of reaching the server; everything else passes through.
 */
export function listenRefusingProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  const refused: string[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
      s.on("error", () => {});
    }
    upstream.pipe(client);
    let buffered = Buffer.alloc(0);
    let startup = true;
    // After a refused Parse the server is not told: the client's messages up to its Sync are dropped too and
    // the Sync answered with ReadyForQuery, as PostgreSQL does after an error in an extended query.
    let skipUntilSync = false;
    client.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (startup) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          upstream.write(buffered.subarray(0, length));
          buffered = buffered.subarray(length);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) startup = false;
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0] as number);
        const length = buffered.readInt32BE(1) + 1;
        if (buffered.length < length) return;
        const message = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        if (skipUntilSync) {
          if (type === "S") {
            skipUntilSync = false;
            client.write(readyForQuery());
          }
          continue;
        }
        const text = type === "Q" || type === "P" ? message.subarray(5).toString("utf8") : "";
        if (/\bLISTEN\b/i.test(text)) {
          refused.push(text.replaceAll("\0", " ").trim());
          client.write(errorResponse("LISTEN is not allowed on this pool: it shares server sessions"));
          if (type === "Q") client.write(readyForQuery());
          else skipUntilSync = true;
          continue;
        }
        upstream.write(message);
      }
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    /** The statements with LISTEN that clients tried, in order. */
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function errorResponse(text: string): Buffer {
  const fields = Buffer.from(`SERROR\0VERROR\0C0A000\0M${text}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function readyForQuery(): Buffer {
  const message = Buffer.alloc(6);
  message.write("Z", 0);
  message.writeInt32BE(5, 1);
  message.write("I", 5);
  return message;
}
