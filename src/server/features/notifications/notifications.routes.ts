import { NotificationListSchema } from "@/common/notification";
import type { App } from "../../types";
import { listActiveNotifications } from "./notifications.service";

export async function notificationsRoutes(app: App): Promise<void> {
  const load = () => listActiveNotifications(app.db, new Date());
  app.publicReads.add(
    "/api/notifications",
    () => app.listCache.json("/api/notifications", "notifications", NotificationListSchema, load),
    ["notifications"],
  );
  app.get("/api/notifications", (_request, reply) =>
    app.listCache.send(reply, "/api/notifications", "notifications", NotificationListSchema, load),
  );
}
