import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Telegram Bot API for tests: POST /bot{token}/sendMessage (JSON) and /sendPhoto (multipart),
 * answered the way Telegram answers ({ ok: true, result: { message_id, ... } }), every request recorded.
 * `answerNext` queues a different answer (a 429 with retry_after, a 400) for the next call of a method.
 */
export interface FakeTelegramRequest {
  method: string;
  token: string;
  contentType: string;
  body: Buffer;
  /** The JSON body of a sendMessage; for multipart, the text fields. */
  fields: Record<string, unknown>;
}

interface CannedAnswer {
  status: number;
  body: unknown;
}

export interface FakeTelegram {
  url: string;
  requests: FakeTelegramRequest[];
  answerNext(method: string, answer: CannedAnswer): void;
  /** The next call of `method` never answers until the server closes (a send whose outcome is unknown). */
  hangNext(method: string): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

/** The text parts of a multipart body (the photo part is left in `body`). */
function multipartFields(body: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return {};
  const fields: Record<string, unknown> = {};
  for (const part of body.toString("latin1").split(`--${boundary[1] ?? boundary[2]}`)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    if (!name || /filename=/.test(part)) continue;
    const value = part.split("\r\n\r\n").slice(1).join("\r\n\r\n").replace(/\r\n$/, "");
    fields[name] = Buffer.from(value, "latin1").toString("utf8");
  }
  return fields;
}

/** Listens on `port` (0: any free one); GET /health answers 200 for a runner waiting on it. */
export async function startFakeTelegram(port = 0): Promise<FakeTelegram> {
  const requests: FakeTelegramRequest[] = [];
  const canned = new Map<string, CannedAnswer[]>();
  const hanging = new Set<string>();
  let nextId = 100;
  const server: Server = createServer(async (request, response) => {
    if (request.method === "GET" && request.url === "/health") {
      response.end("ok");
      return;
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? "");
    const body = await readBody(request);
    if (!match || request.method !== "POST") {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: false, error_code: 404, description: "Not Found" }));
      return;
    }
    const [, token = "", method = ""] = match;
    const contentType = request.headers["content-type"] ?? "";
    let fields: Record<string, unknown> = {};
    if (contentType.startsWith("application/json")) fields = JSON.parse(body.toString("utf8") || "{}");
    else if (contentType.startsWith("multipart/form-data")) fields = multipartFields(body, contentType);
    requests.push({ method, token, contentType, body, fields });
    if (hanging.delete(method)) return; // never answered; the socket is destroyed on close
    const answer = canned.get(method)?.shift();
    if (answer) {
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
      return;
    }
    nextId += 1;
    const result = {
      message_id: nextId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: -1001234567890, type: "channel", title: "Meme Gazette" },
      ...(method === "sendPhoto"
        ? { photo: [{ file_id: `photo-${nextId}`, file_unique_id: `u${nextId}`, width: 1200, height: 630 }] }
        : { text: String(fields.text ?? "") }),
    };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: true, result }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    answerNext(method, answer) {
      canned.set(method, [...(canned.get(method) ?? []), answer]);
    },
    hangNext(method) {
      hanging.add(method);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
