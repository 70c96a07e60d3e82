import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/**
 * A local push service with browsers behind it, for tests: each fake browser has a real P-256 key pair and
 * auth secret (what PushManager.subscribe makes), and its endpoint on this server. A message the site POSTs
 * is decrypted with the browser's private key and auth secret (RFC 8291, aes128gcm, by http_ece: the real
 * encryption, nothing mocked), and its VAPID token's signature is checked against the site's public key.
 * `answer` makes a browser's endpoint answer a status instead of 201 (410: unsubscribed).
 */
export interface FakeBrowser {
  id: string;
  /** PushSubscription.toJSON(): what the browser posts to /api/push/subscriptions. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  browser: string;
  /** The decrypted payload, parsed. */
  message: unknown;
  headers: IncomingMessage["headers"];
  /** The VAPID token's public key (k=), and whether the token's ES256 signature verified with it. */
  vapidKey: string;
  signatureValid: boolean;
}

export interface FakePush {
  /** "127.0.0.1:port": the test config's outboundAllowHosts. */
  host: string;
  browser(): FakeBrowser;
  received: ReceivedPush[];
  answer(browserId: string, status: number): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

/** Checks a VAPID JWT (ES256, signature r||s) with the uncompressed P-256 public key k. */
function vapidSignatureValid(token: string, k: string): boolean {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return false;
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  return verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
}

export async function startFakePush(): Promise<FakePush> {
  const browsers = new Map<string, { ecdh: ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const id = /^\/push\/([a-z0-9]+)$/.exec(request.url ?? "")?.[1] ?? "";
    const browser = browsers.get(id);
    if (request.method !== "POST" || !browser) {
      response.writeHead(404).end();
      return;
    }
    const status = answers.get(id) ?? 201;
    if (status !== 201) {
      response.writeHead(status).end();
      return;
    }
    const plain = decrypt(body, { version: "aes128gcm", privateKey: browser.ecdh, authSecret: browser.auth });
    // Authorization: vapid t=<JWT>, k=<public key>
    const auth = String(request.headers.authorization ?? "");
    const token = /t=([^,\s]+)/.exec(auth)?.[1] ?? "";
    const vapidKey = /k=([^,\s]+)/.exec(auth)?.[1] ?? "";
    received.push({
      browser: id,
      message: JSON.parse(plain.toString("utf8")),
      headers: request.headers,
      vapidKey,
      signatureValid: vapidSignatureValid(token, vapidKey),
    });
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    host,
    received,
    browser() {
      const id = randomBytes(6).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      browsers.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `http://${host}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
        },
      };
    },
    answer: (browserId, status) => answers.set(browserId, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
