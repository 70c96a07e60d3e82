import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
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
