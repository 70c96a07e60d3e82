import { NotificationListSchema } from "@/common/notification";
import type { App } from "../../types";
import { listActiveNotifications } from "./notifications.service";

export async function notificationsRoutes(app: App): Promise<void> {
  app.get("/api/notifications", { schema: { response: { 200: NotificationListSchema } } }, () =>
    listActiveNotifications(app.db, new Date()),
  );
}
