import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { uploadLog } from "../../db/schema";
import { reserveInRedis } from "../../lib/hourly-limit";
import { tooMany } from "../../lib/http-error";
import type { RedisLink } from "../../lib/redis";

export const TOO_MANY_UPLOADS = "Too many uploads from your network. Please try again in an hour.";

/**
 * First key of the two-key advisory lock per uploading IP; the submissions' limit uses 4_611, so the two
 * limits never wait for each other.
 */
const UPLOAD_LOCK_NAMESPACE = 4_612;

/**
 * Takes a place in the IP's hourly upload allowance before the file is read, or refuses with 429: every
 * upload is stored for good, so an unbounded stream of them would fill the database. Counted in Redis when
 * it answers, else in the database under a per-IP lock; the database row is written either way, as the
 * record a fallback counts from. Answers the function that gives the place back when the upload is refused.
 */
export async function reserveUpload(
  db: Db,
  redis: RedisLink | undefined,
  ip: string,
  perHour: number,
): Promise<() => Promise<void>> {
  const inRedis = redis && (await reserveInRedis(redis, "uploads", ip, perHour));
  if (inRedis === "full") throw tooMany(TOO_MANY_UPLOADS);
  try {
    const id = await db.transaction(async (tx) => {
      const hourAgo = sql`now() - interval '1 hour'`;
      if (!inRedis) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK_NAMESPACE}::int, hashtext(${ip}))`);
        const [row] = await tx
          .select({ n: count() })
          .from(uploadLog)
          .where(and(eq(uploadLog.ip, ip), gt(uploadLog.createdAt, hourAgo)));
        if ((row?.n ?? 0) >= perHour) throw tooMany(TOO_MANY_UPLOADS);
      }
      // Rows only matter for an hour: each IP's older ones go when it uploads again.
      await tx.delete(uploadLog).where(and(eq(uploadLog.ip, ip), lt(uploadLog.createdAt, hourAgo)));
      const [inserted] = await tx.insert(uploadLog).values({ ip }).returning({ id: uploadLog.id });
      if (!inserted) throw new Error("insert returned nothing");
      return inserted.id;
    });
    return async () => {
      await inRedis?.release();
      await db.delete(uploadLog).where(eq(uploadLog.id, id));
    };
  } catch (error) {
    await inRedis?.release();
    throw error;
  }
}
