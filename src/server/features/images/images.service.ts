import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/connect";
import { images } from "../../db/schema";

export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

export const imageUrlFor = (hash: string) => `/api/images/${hash}`;

/**
 * Stores already re-encoded image bytes under the SHA-256 of those bytes and answers their URL. The same
 * picture stored twice is one row: the address is the content.
 */
export async function storeImage(db: Db, image: StoredImage): Promise<string> {
  const hash = createHash("sha256").update(image.bytes).digest("hex");
  await db
    .insert(images)
    .values({ hash, ...image })
    .onConflictDoNothing();
  return imageUrlFor(hash);
}

export async function findImage(db: Db, hash: string): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({
      bytes: images.bytes,
      contentType: images.contentType,
      width: images.width,
      height: images.height,
    })
    .from(images)
    .where(eq(images.hash, hash));
  return row;
}

/**
 * Deletes the images stored before `before` that nothing shows: an upload whose submission was never sent
 * (or was deleted), a replaced token image, the picture of a promoted submission that expired unpaid. An
 * image is in use while a headline (expired ones aside) or an archive entry names its URL, relative or
 * absolute. Share cards kept here go with their headline. Answers how many were deleted.
 */
export async function deleteUnusedImages(db: Db, before: Date): Promise<number> {
  const deleted = rowsOf(
    await db.execute(sql`
      WITH used AS (
        SELECT substring(image_url FROM '/api/images/([0-9a-f]{64})') AS hash FROM headlines
          WHERE stage <> 'expired'
        UNION
        SELECT substring(image_url FROM '/api/images/([0-9a-f]{64})') FROM archive_entries
      )
      DELETE FROM images
      WHERE created_at < ${before.toISOString()}::timestamptz
        AND CASE WHEN hash LIKE 'card:%'
          -- A drawn share card (features/cards/card-store.ts) stays while its headline exists: drawn once
          -- per version for good, and its own store keeps only the current version.
          THEN hash LIKE 'card:h:%' AND split_part(hash, ':', 3) NOT IN (SELECT id::text FROM headlines)
          ELSE hash NOT IN (SELECT hash FROM used WHERE hash IS NOT NULL)
        END
      RETURNING hash`),
  );
  return deleted.length;
}
