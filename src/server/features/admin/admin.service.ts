import { eq } from "drizzle-orm";
import type { NotificationInput } from "@/common/admin";
import type { Notification } from "@/common/notification";
import type { Db } from "../../db/connect";
import { archiveEntries, notifications } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { toNotification } from "../notifications/notifications.service";

/** The dashboard's smaller actions: archive entries and the notification ticker. */

export async function deleteArchiveEntry(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(archiveEntries)
    .where(eq(archiveEntries.id, id))
    .returning({ id: archiveEntries.id });
  if (!row) throw notFound("Archive entry not found");
}

export async function createNotification(db: Db, input: NotificationInput, now: Date): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({
      message: input.message,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toNotification(row);
}

export async function deleteNotification(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(notifications)
    .where(eq(notifications.id, id))
    .returning({ id: notifications.id });
  if (!row) throw notFound("Notification not found");
}
