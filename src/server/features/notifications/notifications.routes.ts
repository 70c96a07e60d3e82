import { NotificationListSchema } from "@/common/notification";
import { sendCached } from "../../lib/list-cache";
import type { App } from "../../types";
import { listActiveNotifications } from "./notifications.service";

export async function notificationsRoutes(app: App): Promise<void> {
  const load = () => listActiveNotifications(app.db, new Date());
  app.get("/api/notifications", async (_request, reply) =>
    sendCached(
      reply,
      await app.listCache.json("/api/notifications", "notifications", NotificationListSchema, load),
    ),
  );
}
