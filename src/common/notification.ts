import { z } from "zod";

export const NotificationSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);
