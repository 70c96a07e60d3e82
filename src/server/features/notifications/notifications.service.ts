import { desc, gt, isNull, or } from "drizzle-orm";
import type { Notification } from "@/common/notification";
import type { Db } from "../../db/connect";
import { notifications } from "../../db/schema";

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Notifications that have not expired, newest first. */
export async function listActiveNotifications(db: Db, now: Date): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(toNotification);
}
