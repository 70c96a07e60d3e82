import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES } from "@/common/images";
import { UploadResultSchema } from "@/common/submission";
import { badRequest, HttpError } from "../../lib/http-error";
import type { App } from "../../types";
import type { WorkTicket } from "./image-work-queue";
import { reserveUpload } from "./upload-limit";
import { readCapped, storeUploadedImage, UPLOAD_MESSAGES } from "./uploads.service";

/**
 * POST /api/upload: one image in the multipart field "file", answered with its URL. The multipart parser is
 * registered in this plugin's scope only, so no other route accepts multipart bodies.
 */
export async function uploadsRoutes(app: App): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      // Exactly 5 MiB is accepted; the parser truncates one byte later and readCapped refuses it (413).
      fileSize: IMAGE_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 50,
    },
  });

  app.post(
    "/api/upload",
    // No larger bodyLimit here: the multipart parser streams the body past Fastify's body limit and
    // enforces the limits above itself (a 5 MiB file passes under the app's 256 KB bodyLimit, see the
    // tests), while any other body on this route stays under the app's small limit and is refused.
    { schema: { response: { 200: UploadResultSchema } } },
    async (request, reply) => {
      let release: (() => Promise<void>) | undefined;
      let ticket: WorkTicket | undefined;
      try {
        // A place in the image work queue before the body is read: a full queue refuses at once (503).
        ticket = app.imageWork.enter();
        release = await reserveUpload(app.db, app.redis, request.visitor.network, app.config.uploadsPerHour);
        const bytes = await receiveFile(request);
        return { imageUrl: await ticket.run(() => storeUploadedImage(app.db, bytes)) };
      } catch (error) {
        ticket?.leave();
        // A refused upload does not use up the allowance.
        await release?.();
        // The rest of a refused body is not worth reading: the client is told to stop sending.
        if (error instanceof HttpError && [413, 429, 503].includes(error.statusCode))
          reply.header("connection", "close");
        throw error;
      }
    },
  );
}

/** The bytes of the "file" part, at most IMAGE_MAX_BYTES. The visitor's file name is never used. */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") throw badRequest(UPLOAD_MESSAGES.noFile);
    return await readCapped(part.file, IMAGE_MAX_BYTES);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A malformed body (no boundary, cut short, a parser limit) is the client's fault, never a 500.
    if ((error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw badRequest(UPLOAD_MESSAGES.unreadableRequest);
  }
}
