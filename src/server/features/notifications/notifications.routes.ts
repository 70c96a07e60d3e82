import { NotificationListSchema } from "@/common/notification";
import type { App } from "../../types";
import { listActiveNotifications } from "./notifications.service";

export async function notificationsRoutes(app: App): Promise<void> {
  app.get("/api/notifications", async (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .send(
        await app.listCache.json("/api/notifications", "notifications", NotificationListSchema, () =>
          listActiveNotifications(app.db, new Date()),
        ),
      ),
  );
}
