import { Readable } from "node:stream";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "@/common/images";
import { images } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";
import { TOO_MANY_UPLOADS } from "./upload-limit";
import { UPLOAD_MESSAGES } from "./uploads.service";

// One app for the file: uploads do not depend on each other's data, and each test names its own image.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(
  parts: Array<{ name: string; bytes?: Uint8Array; filename?: string; type?: string; value?: string }>,
) {
  const form = new FormData();
  for (const p of parts) {
    if (p.value !== undefined) form.append(p.name, p.value);
    else
      form.append(
        p.name,
        new Blob([new Uint8Array(p.bytes ?? [])], { type: p.type ?? "" }),
        p.filename ?? "file",
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  };
}

async function upload(bytes: Uint8Array, filename = "image.bin", type = "application/octet-stream") {
  const body = await multipart([{ name: "file", bytes, filename, type }]);
  return t.app.inject({ method: "POST", url: "/api/upload", ...body });
}

async function fetchImage(imageUrl: string) {
  const res = await t.app.inject({ method: "GET", url: imageUrl });
  expect(res.statusCode).toBe(200);
  return { contentType: res.headers["content-type"], bytes: res.rawPayload };
}

// ---- fixtures ----

function crc32(buf: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A noisy picture, so that encoders cannot collapse it to a trivial file. */
function noise(width: number, height: number, channels: 3 | 4 = 3, seed = 1) {
  const data = Buffer.alloc(width * height * channels);
  let x = seed;
  for (let i = 0; i < data.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    data[i] = channels === 4 && i % 4 === 3 ? 255 : x >> 16;
  }
  return sharp(data, { raw: { width, height, channels } });
}

const smallPng = () => noise(16, 12).png().toBuffer();

/**
 * A valid PNG of exactly `size` bytes: a private ancillary chunk ("prVt": lower-case first letter, so
 * decoders skip it) placed before IEND pads the file.
 */
async function pngOfSize(size: number): Promise<Buffer> {
  const png = await smallPng();
  const iend = png.subarray(png.length - 12);
  const padding = size - png.length - 12;
  return Buffer.concat([
    png.subarray(0, png.length - 12),
    pngChunk("prVt", Buffer.alloc(padding, 0x42)),
    iend,
  ]);
}

/** A few bytes that declare a 65535 x 65535 RGB picture (~12.9 GB decoded). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A GIF of `frames` frames of width x height pixels each, whose picture data is one pixel long: a few bytes
 * that decode to width x height x frames pixels.
 */
function gifDeclaring(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 entries
  const descriptor = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0x00]);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const frame = Buffer.concat([
    Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]), // graphic control: 100 ms
    descriptor,
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW data of one pixel
  ]);
  return Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00]), // loop
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

// ---- tests ----

/** Text a visitor might smuggle inside an image's metadata, for a page that would serve it back. */
const MARKER = "<script>alert(1)</script>";

/** Inserts a PNG chunk before IEND. */
function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  return Buffer.concat([
    png.subarray(0, png.length - 12),
    pngChunk(type, data),
    png.subarray(png.length - 12),
  ]);
}

/** Inserts a GIF comment extension before the trailer. */
function withGifComment(gif: Buffer, text: string): Buffer {
  const bytes = Buffer.from(text, "latin1");
  return Buffer.concat([
    gif.subarray(0, gif.length - 1),
    Buffer.from([0x21, 0xfe, bytes.length]),
    bytes,
    Buffer.from([0x00, 0x3b]),
  ]);
}

const exifWithMarker = { IFD0: { ImageDescription: MARKER } };

describe("POST /api/upload: accepted images", () => {
  it.each([
    [
      "png",
      "image/png",
      async () =>
        withPngChunk(
          await noise(20, 10).png({ compressionLevel: 1 }).toBuffer(),
          "tEXt",
          Buffer.from(`Comment\0${MARKER}`),
        ),
    ],
    ["jpeg", "image/jpeg", () => noise(20, 10).jpeg({ quality: 100 }).withExif(exifWithMarker).toBuffer()],
    ["webp", "image/webp", () => noise(20, 10).webp({ lossless: true }).withExif(exifWithMarker).toBuffer()],
    ["gif", "image/gif", async () => withGifComment(await noise(20, 10).gif().toBuffer(), MARKER)],
  ])("stores a %s re-encoded and serves it as %s", async (format, contentType, make) => {
    const original = await make();
    expect(original.includes(MARKER)).toBe(true);
    const res = await upload(original, `picture.${format}`, contentType);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{64}$/);
    const served = await fetchImage(imageUrl);
    expect(served.contentType).toBe(contentType);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([20, 10]);
    // Decoded and written anew: never the visitor's bytes, and nothing of their metadata.
    expect(Buffer.compare(served.bytes, original)).not.toBe(0);
    expect(served.bytes.includes(MARKER)).toBe(false);
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ["a wide JPEG", () => noise(3000, 2000).jpeg().toBuffer(), [1200, 800]],
    ["a tall PNG", () => noise(900, 1800).png().toBuffer(), [600, 1200]],
    [
      "a phone photo turned by its EXIF",
      () => noise(2400, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      [600, 1200],
    ],
  ] as const)("stores %s within 1200 px on its longest side, in proportion", async (_name, make, size) => {
    const res = await upload(await make(), "big-picture", "application/octet-stream");
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await fetchImage(res.json().imageUrl)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual(size);
    const [row] = await t.db
      .select()
      .from(images)
      .where(eq(images.hash, res.json().imageUrl.split("/").pop()));
    expect([row?.width, row?.height]).toEqual(size);
  });

  it("resizes an animation frame by frame and keeps every frame", async () => {
    const frame = async (seed: number) => noise(1600, 400, 4, seed).raw().toBuffer();
    const gif = await sharp(Buffer.concat([await frame(1), await frame(2)]), {
      raw: { width: 1600, height: 800, channels: 4, pageHeight: 400 },
    })
      .gif({ delay: [100, 100], loop: 0 })
      .toBuffer();
    const res = await upload(gif, "wide.gif", "image/gif");
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await fetchImage(res.json().imageUrl)).bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect([meta.width, meta.pageHeight]).toEqual([1200, 300]);
  });

  it("decides by content, whatever the file is called or claims to be", async () => {
    const res = await upload(await noise(8, 8).jpeg().toBuffer(), "notes.txt", "text/plain");
    expect(res.statusCode).toBe(200);
    expect((await fetchImage(res.json().imageUrl)).contentType).toBe("image/jpeg");
  });

  it("keeps a GIF's animation", async () => {
    const frames = Buffer.concat([
      await noise(6, 4, 4, 1).raw().toBuffer(),
      await noise(6, 4, 4, 2).raw().toBuffer(),
      await noise(6, 4, 4, 3).raw().toBuffer(),
    ]);
    const gif = await sharp(frames, { raw: { width: 6, height: 12, channels: 4, pageHeight: 4 } })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    const res = await upload(gif, "anim.gif", "image/gif");
    expect(res.statusCode).toBe(200);
    const served = await fetchImage(res.json().imageUrl);
    const meta = await sharp(served.bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    const [row] = await t.db
      .select()
      .from(images)
      .where(eq(images.hash, res.json().imageUrl.split("/").pop()));
    expect([row?.width, row?.height]).toEqual([6, 4]);
  });

  it("removes EXIF (GPS position included) and applies its orientation to the pixels", async () => {
    const jpeg = await noise(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 0/1",
        },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer tag (0x8825) is in the uploaded EXIF.
    expect(
      before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);

    const res = await upload(jpeg, "holiday.jpg", "image/jpeg");
    expect(res.statusCode).toBe(200);
    const served = await fetchImage(res.json().imageUrl);
    const after = await sharp(served.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(served.bytes.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
  });

  it("accepts a file of exactly 5 MiB (5,242,880 bytes)", async () => {
    const png = await pngOfSize(IMAGE_MAX_BYTES);
    expect(png.length).toBe(5_242_880);
    expect((await sharp(png).metadata()).format).toBe("png");
    const res = await upload(png, "big.png", "image/png");
    expect(res.statusCode).toBe(200);
    // The padding chunk is not carried over: the stored image is only the picture.
    expect((await fetchImage(res.json().imageUrl)).bytes.length).toBeLessThan(10_000);
  });
});

describe("POST /api/upload: refused files", () => {
  it("refuses one byte over 5 MiB with 413", async () => {
    const png = await pngOfSize(IMAGE_MAX_BYTES + 1);
    expect(png.length).toBe(5_242_881);
    const stored = (await t.db.select({ hash: images.hash }).from(images)).length;
    const res = await upload(png, "big.png", "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Maximum file size is 5MB." });
    // The client is told to stop sending the rest.
    expect(res.headers.connection).toBe("close");
    expect(await t.db.select({ hash: images.hash }).from(images)).toHaveLength(stored);
  });

  it("refuses an oversized file while it streams, without waiting for the end of the body", async () => {
    const boundary = "----mg-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // The body never ends: an answer can only come from the size check during streaming.
    const body = new Readable({ read() {} });
    body.push(head);
    body.push(await pngOfSize(IMAGE_MAX_BYTES));
    body.push(Buffer.alloc(64 * 1024, 1));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.destroy();
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Maximum file size is 5MB." });
  });

  it.each([
    [
      "an SVG with a script named photo.png",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      "photo.png",
      "image/png",
    ],
    [
      "an HTML page named x.jpg",
      "<!doctype html><html><script>alert(1)</script></html>",
      "x.jpg",
      "image/jpeg",
    ],
    ["plain text", "just some words, not a picture at all", "words.gif", "image/gif"],
    ["a PDF", "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF", "doc.webp", "image/webp"],
  ])("refuses %s with 415", async (_label, content, filename, type) => {
    const res = await upload(Buffer.from(content), filename, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: "Only JPG, PNG, WebP, and GIF images are allowed." });
  });

  it("refuses other real image formats (TIFF, BMP) with 415", async () => {
    for (const bytes of [
      await noise(4, 4).tiff().toBuffer(),
      Buffer.from(
        "424d3a0000000000000036000000280000000100000001000000010018000000000004000000130b0000130b00000000000000000000ff00ff00",
        "hex",
      ),
    ]) {
      const res = await upload(bytes, "x.png", "image/png");
      expect(res.statusCode).toBe(415);
    }
  });

  it("refuses a PNG declaring 65535 x 65535 pixels without decoding it", async () => {
    const bomb = pngDeclaring(65535, 65535);
    expect(bomb.length).toBeLessThan(200);
    const rssBefore = process.memoryUsage().rss;
    const res = await upload(bomb, "tiny.png", "image/png");
    const grown = process.memoryUsage().rss - rssBefore;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels });
    expect(grown).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses an animation whose frames together pass the pixel bound, without decoding it", async () => {
    const gif = gifDeclaring(4000, 3000, 5); // 5 frames of 12 megapixels
    expect(gif.length).toBeLessThan(200);
    const res = await upload(gif, "long.gif", "image/gif");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels });
  });

  it("refuses a corrupt PNG (right signature, broken data) with 400", async () => {
    const png = Buffer.from(await smallPng());
    for (let i = 33; i < png.length - 12; i++) png[i] = (png[i] as number) ^ 0x5a;
    const res = await upload(png, "broken.png", "image/png");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.corrupt });
  });

  it("refuses a JPEG cut short with 400", async () => {
    const jpeg = await noise(64, 64).jpeg().toBuffer();
    const res = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "cut.jpg", "image/jpeg");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.corrupt });
  });

  it("answers 400 when there is no file", async () => {
    const empty = await upload(new Uint8Array(), "empty.png", "image/png");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });

    const fieldOnly = await multipart([{ name: "file", value: "not a file" }]);
    const noFile = await t.app.inject({ method: "POST", url: "/api/upload", ...fieldOnly });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });

    const otherField = await multipart([
      { name: "image", bytes: await smallPng(), filename: "a.png", type: "image/png" },
    ]);
    const wrongName = await t.app.inject({ method: "POST", url: "/api/upload", ...otherField });
    expect(wrongName.statusCode).toBe(400);

    const json = await t.app.inject({ method: "POST", url: "/api/upload", payload: { file: "x" } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
  });

  it("answers 400, never 500, for a malformed multipart body", async () => {
    const noBoundary = await t.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { "content-type": "multipart/form-data" },
      payload: "garbage",
    });
    expect(noBoundary.statusCode).toBe(400);

    const cut = await t.app.inject({
      method: "POST",
      url: "/api/upload",
      headers: { "content-type": "multipart/form-data; boundary=abc" },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.statusCode).toBe(400);
  });

  it("is the only route that takes multipart bodies", async () => {
    const body = await multipart([{ name: "title", value: "x" }]);
    const res = await t.app.inject({ method: "POST", url: "/api/headlines", ...body });
    expect(res.statusCode).toBe(415);
  });
});

describe("POST /api/upload: the hourly limit per IP", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ uploadsPerHour: 3 });
  });
  afterAll(() => limited.close());

  async function uploadFrom(ip: string, bytes: Uint8Array) {
    const body = await multipart([{ name: "file", bytes, filename: "a.png", type: "image/png" }]);
    return limited.app.inject({ method: "POST", url: "/api/upload", remoteAddress: ip, ...body });
  }

  it("accepts exactly the allowance from one address, even in parallel, and answers 429 after", async () => {
    const png = await smallPng();
    const answers = await Promise.all(Array.from({ length: 6 }, () => uploadFrom("203.0.113.21", png)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toEqual({ message: TOO_MANY_UPLOADS });
    // Another address has its own allowance.
    expect((await uploadFrom("203.0.113.22", png)).statusCode).toBe(200);
  });

  it("does not count refused files", async () => {
    const notAnImage = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>");
    for (let i = 0; i < 4; i += 1)
      expect((await uploadFrom("203.0.113.23", notAnImage)).statusCode).toBe(415);
    const png = await smallPng();
    for (let i = 0; i < 3; i += 1) expect((await uploadFrom("203.0.113.23", png)).statusCode).toBe(200);
  });
});
