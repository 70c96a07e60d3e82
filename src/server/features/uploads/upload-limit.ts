import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { uploadLog } from "../../db/schema";
import { withinHourlyLimit } from "../../lib/hourly-limit";
import { tooMany } from "../../lib/http-error";
import type { RedisLink } from "../../lib/redis";

export const TOO_MANY_UPLOADS = "Too many uploads from your network. Please try again in an hour.";

/**
 * Takes a place in the network's hourly upload allowance before the file is read, or refuses with 429: every
 * upload is stored for good, so an unbounded stream of them would fill the database. The upload_log row is
 * the database's record of it. Answers the function that gives the place back when the upload is refused.
 */
export async function reserveUpload(
  db: Db,
  redis: RedisLink | undefined,
  /** The client's network (lib/client-network.ts). */
  network: string,
  perHour: number,
): Promise<() => Promise<void>> {
  const hourAgo = sql`now() - interval '1 hour'`;
  const { recorded: id, release } = await withinHourlyLimit(
    db,
    redis,
    {
      name: "uploads",
      // The submissions' limit uses 4_611.
      lockNamespace: 4_612,
      network,
      perHour,
      refusal: (seconds) => tooMany(TOO_MANY_UPLOADS, seconds, "upload"),
      recordedInLastHour: async (tx, limit) => {
        const rows = await tx
          .select({ at: uploadLog.createdAt })
          .from(uploadLog)
          .where(and(eq(uploadLog.ip, network), gt(uploadLog.createdAt, hourAgo)))
          .orderBy(desc(uploadLog.createdAt))
          .limit(limit);
        return rows.map((r) => r.at);
      },
    },
    async (tx) => {
      // Rows only matter for an hour: each network's older ones go when it uploads again.
      await tx.delete(uploadLog).where(and(eq(uploadLog.ip, network), lt(uploadLog.createdAt, hourAgo)));
      const [inserted] = await tx.insert(uploadLog).values({ ip: network }).returning({ id: uploadLog.id });
      if (!inserted) throw new Error("insert returned nothing");
      return inserted.id;
    },
  );
  return async () => {
    await release();
    await db.delete(uploadLog).where(eq(uploadLog.id, id));
  };
}
