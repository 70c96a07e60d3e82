import { eq } from "drizzle-orm";
import { type HeadlineStage, isApprovedStage } from "@/common/headline";
import { IMAGE_MAX_BYTES } from "@/common/images";
import { isHttpUrl } from "@/common/submission";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { HttpError, notFound } from "../../lib/http-error";
import type { StoredImage } from "../images/images.service";
import type { WorkTicket } from "../uploads/image-work-queue";
import { cleanImage } from "../uploads/uploads.service";

/**
 * Where the dashboard shows a pending submission's own image link: through this server, never straight from
 * the submitter's link. A submitter who watched their server's log would otherwise learn the IP address
 * (and the working hours) of whoever reviews submissions. Approved headlines show their link as visitors
 * see it; uploaded images (/api/images/...) are this site's own.
 */
export const previewUrlFor = (id: number) => `/api/admin/headlines/${id}/image`;

/** Not yet approved (pending, or rejected) and linking outside: staff see it only through this server. */
export function needsPreview(row: { stage: HeadlineStage; imageUrl: string | null }): boolean {
  return !isApprovedStage(row.stage) && row.imageUrl !== null && isHttpUrl(row.imageUrl);
}

export const PREVIEW_MESSAGES = {
  none: "This headline has no image link to preview.",
  failed: "The submitted image could not be loaded.",
} as const;

/**
 * The submitted image of a pending headline, fetched by the SSRF-safe client (no private addresses, a
 * timeout, at most 5 MB) and checked and re-encoded as an upload is: what staff's browser draws is never
 * the submitter's bytes.
 */
export async function previewSubmittedImage(
  db: Db,
  id: number,
  http: SafeFetch,
  ticket: WorkTicket,
): Promise<StoredImage> {
  try {
    const [row] = await db
      .select({ imageUrl: headlines.imageUrl, stage: headlines.stage })
      .from(headlines)
      .where(eq(headlines.id, id));
    if (!row) throw notFound("Headline not found");
    if (!needsPreview(row)) throw notFound(PREVIEW_MESSAGES.none);
    let body: Buffer;
    try {
      body = (await http.request(row.imageUrl as string, { maxBytes: IMAGE_MAX_BYTES })).body;
    } catch {
      throw new HttpError(502, PREVIEW_MESSAGES.failed);
    }
    return await ticket
      .run(() => cleanImage(body))
      .catch(() => {
        throw new HttpError(502, PREVIEW_MESSAGES.failed);
      });
  } finally {
    // run() gives the place back itself; this covers every way out before it (leave() after run is a no-op).
    ticket.leave();
  }
}
