import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { IMAGE_MESSAGES } from "@/common/submission";
import type { Db } from "../../db/connect";
import { badRequest, HttpError } from "../../lib/http-error";
import { type StoredImage, storeImage } from "../images/images.service";

/**
 * The decoded size an upload may have, in pixels over all its frames (~ 160 MB as RGBA). A few bytes of
 * PNG can declare 65535 x 65535 pixels (17 GB decoded): the header is read first and such a file is refused
 * before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The longest side an image is stored with. The largest place an image is drawn is a card about 600 CSS
 * pixels wide, so 1200 covers a 2x phone screen; a 12-megapixel photo (4000 x 3000, a few MB) would
 * otherwise go to every phone that opens the front page.
 */
export const MAX_STORED_SIDE = 1200;

// One libvips thread per image (the work queue runs a fixed number of images at once, see
// image-work-queue.ts) and no operation cache: an upload is decoded once, and a cache would keep its
// pixels after the answer, so memory would grow with every burst instead of being given back.
sharp.concurrency(1);
sharp.cache(false);

export const UPLOAD_MESSAGES = {
  noFile: "Please choose an image file to upload.",
  unreadableRequest: "The upload could not be read. Please try again.",
  unsupportedType: IMAGE_MESSAGES.invalidType,
  tooLarge: IMAGE_MESSAGES.tooLarge,
  tooManyPixels: "The image is too large: at most 40 megapixels are allowed.",
  corrupt: "The image could not be read. The file may be damaged; please try another one.",
} as const;

const unsupportedType = () => new HttpError(415, UPLOAD_MESSAGES.unsupportedType);
const fileTooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge);
const tooManyPixels = () => new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
const corrupt = () => badRequest(UPLOAD_MESSAGES.corrupt);

type Format = "jpeg" | "png" | "webp" | "gif";

/**
 * Types recognised by their magic bytes (file-type), never by the name or the declared type. An animated
 * PNG is a PNG whose first frame every decoder shows; it is stored as a still PNG.
 */
const FORMAT_BY_MIME: Record<string, Format> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/apng": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Reads an uploaded file stream into memory, refusing it (413) as soon as it passes `max` bytes: the
 * multipart parser truncates the file at its fileSize limit (`truncated`, then a "limit" event), so a larger
 * file is refused while it streams in, and at most `max` bytes are ever held. The parser may have
 * truncated, ended or failed the stream before it is handed over: async iteration sees every such state.
 */
export async function readCapped(stream: Readable & { truncated?: boolean }, max: number): Promise<Buffer> {
  const refusal = fileTooLarge();
  // Stops the parser feeding this part at once; the rest of the request is discarded, not buffered.
  const onLimit = () => stream.destroy(refusal);
  stream.on("limit", onLimit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    if (stream.truncated) throw refusal;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (stream.truncated || size > max) throw refusal;
      chunks.push(chunk);
    }
  } catch (error) {
    throw stream.truncated ? refusal : error;
  } finally {
    stream.off("limit", onLimit);
  }
  if (stream.truncated) throw refusal;
  return Buffer.concat(chunks, size);
}

/**
 * Checks an uploaded file by its content, decodes it within the pixel bound, re-encodes it in its own
 * format without metadata, and stores the new bytes: what is served is never what was uploaded (no EXIF,
 * no GPS position, no smuggled payload after the image data). Answers the image's URL. Runs inside an
 * ImageWorkQueue place (the route takes it).
 */
export async function storeUploadedImage(db: Db, bytes: Buffer): Promise<string> {
  return storeImage(db, await cleanImage(bytes));
}

/**
 * The checks and the re-encoding of storeUploadedImage, without storing: also used for the dashboard's
 * previews of submitted image links (admin-images.ts). Throws the refusals above.
 */
export async function cleanImage(bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? FORMAT_BY_MIME[detected.mime] : undefined;
  if (!format) throw unsupportedType();

  // Header only: sharp's metadata() does not decode pixels. The pixel bound is checked here, so the limit
  // is off for this call and the refusal carries a clear message.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  // Both sniffers must agree; sharp also reads formats (SVG, TIFF, PDF...) that are never accepted.
  if (header.format !== format) throw unsupportedType();
  const { width, height } = header;
  if (!width || !height) throw corrupt();
  if (width * height * (header.pages ?? 1) > MAX_INPUT_PIXELS) throw tooManyPixels();

  const encoded = await reencode(bytes, format);
  return {
    bytes: encoded.data,
    contentType: `image/${format}`,
    width: encoded.info.width,
    height: encoded.info.pageHeight ?? encoded.info.height,
  };
}

async function reencode(bytes: Buffer, format: Format): Promise<{ data: Buffer; info: OutputInfo }> {
  // GIF and WebP keep their animation; limitInputPixels then counts every frame, like the check above.
  const animated = format === "gif" || format === "webp";
  // autoOrient applies the EXIF orientation to the pixels, since the EXIF itself is not kept: sharp writes
  // no EXIF, XMP or ICC metadata unless asked to (it never is here).
  const image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    // Within MAX_STORED_SIDE on both sides, in proportion; smaller images keep their size. An animation is
    // resized frame by frame.
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true });
  const output =
    format === "jpeg"
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : format === "png"
        ? image.png()
        : format === "webp"
          ? image.webp({ quality: 85 })
          : image.gif();
  try {
    return await output.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    // Right magic bytes, broken data: the visitor's file, not our failure.
    throw corrupt();
  }
}
