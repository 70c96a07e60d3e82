import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { uploadLog } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { IMAGE_WORKERS, ImageWorkQueue, UPLOADS_BUSY } from "./image-work-queue";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ uploadQueueMax: 1, uploadsPerHour: 100 });
});
afterEach(() => t.close());

async function uploadBody(width: number, height: number) {
  // Noise, so the encoder has real work to do.
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  };
}

const upload = (body: Awaited<ReturnType<typeof uploadBody>>, remoteAddress = "203.0.113.5") =>
  t.app.inject({ method: "POST", url: "/api/upload", remoteAddress, ...body });

describe("the image work queue", () => {
  it("runs at most its workers at once and refuses beyond its queue", async () => {
    const queue = new ImageWorkQueue(1, 2);
    let running = 0;
    let most = 0;
    const finishers: Array<() => void> = [];
    const job = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        finishers.push(() => {
          running -= 1;
          resolve();
        });
      });
    const jobs = [queue.enter(), queue.enter(), queue.enter()].map((ticket) => ticket.run(job));
    expect(() => queue.enter()).toThrow(UPLOADS_BUSY);
    await expect.poll(() => finishers.length).toBe(2);
    while (finishers.length > 0) finishers.shift()?.();
    await expect.poll(() => finishers.length).toBe(1);
    finishers.shift()?.();
    await Promise.all(jobs);
    expect(most).toBe(2);
    // Places are given back: it takes work again.
    queue.enter().leave();
    expect(() => queue.enter()).not.toThrow();
  });
});

describe("POST /api/upload under load", () => {
  it("answers 503 with Retry-After when the workers are busy and the queue is full, and counts nothing", async () => {
    const body = await uploadBody(8, 8);
    const held = Array.from({ length: IMAGE_WORKERS + 1 }, () => t.app.imageWork.enter());
    const refused = await upload(body);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: UPLOADS_BUSY });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t.db.select().from(uploadLog)).toHaveLength(0);
    held[0]?.leave();
    expect((await upload(body)).statusCode).toBe(200);
    for (const ticket of held) ticket.leave();
  });

  it("keeps answering reads beside a burst of uploads, refusing what the queue cannot hold", async () => {
    const body = await uploadBody(1600, 1600);
    const burst = Promise.all(Array.from({ length: 12 }, (_, i) => upload(body, `2001:db8:${i + 1}::1`)));
    const started = Date.now();
    const read = await t.app.inject({ method: "GET", url: "/api/settings" });
    const readMs = Date.now() - started;
    const answers = await burst;
    expect(read.statusCode).toBe(200);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(codes.filter((c) => c === 503).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(IMAGE_WORKERS);
    // Not a benchmark (the test machine is shared), only a bound no queued burst should come near.
    expect(readMs).toBeLessThan(5_000);
  });
});
