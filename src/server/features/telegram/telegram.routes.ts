import { TELEGRAM_NOT_CONFIGURED, TelegramPostSchema, TelegramStatusSchema } from "@/common/telegram";
import { conflict } from "../../lib/http-error";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { listTelegramPosts, sendTestMessage } from "./telegram.service";

/** The dashboard's Telegram tab (staff only, behind the structural staff guard of plugins/auth.ts). */
export async function telegramRoutes(app: App): Promise<void> {
  const db = app.db;
  await staffRoutes(app, (staff) => {
    staff.get("/api/admin/telegram", { schema: { response: { 200: TelegramStatusSchema } } }, async () => ({
      configured: app.telegram !== null,
      // The channel is not a secret (it is where the posts are public); the token never leaves config.
      chatId: app.telegram ? (app.config.telegramChatId ?? null) : null,
      posts: await listTelegramPosts(db),
    }));

    // Answers the recorded post whether Telegram took it or not: the tab shows the outcome as a toast.
    staff.post(
      "/api/admin/telegram/test",
      { schema: { response: { 200: TelegramPostSchema } } },
      async (request) => {
        if (!app.telegram) throw conflict(TELEGRAM_NOT_CONFIGURED);
        const post = await sendTestMessage(app.telegram, new Date());
        request.auditDetails = { status: post.status, messageId: post.messageId };
        if (post.status === "failed")
          request.log.warn({ postId: post.id, error: post.error }, "telegram test message failed");
        return post;
      },
    );
  });
}
