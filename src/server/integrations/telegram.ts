import type { Api } from "grammy";
import type { Config } from "../config";
import type { OutboundMetrics } from "../plugins/observability";

/**
 * The Telegram Bot API through grammY (the issue asks for a well-kept library; grammY is the most used one
 * for Node, typed from the Bot API itself). Only two methods are used: sendMessage and sendPhoto. The
 * operator's TELEGRAM_API_BASE_URL is trusted configuration like the other service base URLs; tests point
 * it at a fake Bot API server (src/server/test/fake-telegram.ts).
 */

export type TelegramConfig = Pick<Config, "telegramBotToken" | "telegramChatId" | "telegramApiBaseUrl"> &
  Partial<Pick<Config, "telegramStaffChatId">>;

/** What a failed send tells the caller: a message without the token, and whether nothing was posted. */
export class TelegramSendError extends Error {
  constructor(
    message: string,
    /**
     * True when Telegram answered with a refusal below 500 (bad request, forbidden, too many requests after
     * the retries): nothing was posted, so trying again later cannot make a duplicate. A network failure, a
     * timeout or a 5xx may have posted, so the caller must not send it again.
     */
    readonly nothingPosted: boolean,
  ) {
    super(message);
    this.name = "TelegramSendError";
  }
}

export interface TelegramClient {
  sendMessage(text: string): Promise<{ messageId: number }>;
  /** A message to the staff chat (TELEGRAM_STAFF_CHAT_ID), absent when none is configured (issue 30). */
  sendStaffMessage?: (text: string) => Promise<{ messageId: number }>;
  sendPhoto(png: Buffer, caption: string): Promise<{ messageId: number }>;
}

/** Seconds one call may take before it counts as failed (and unknown: it may have posted). */
const TIMEOUT_SECONDS = 20;
/** 429s are waited out this often at most, each for at most this long; beyond, the post fails for now. */
const MAX_429_RETRIES = 3;
const MAX_429_WAIT_SECONDS = 60;

/**
 * Removes the bot token from any text (grammY's errors and the fetch errors beneath them may carry the
 * request URL, which holds the token): the exact token, its URL-encoded form, and anything shaped like a
 * token after "bot" in a URL path.
 */
export function redactToken(text: string, token: string | undefined): string {
  let out = text;
  if (token) {
    out = out.split(token).join("[token]");
    const encoded = encodeURIComponent(token);
    if (encoded !== token) out = out.split(encoded).join("[token]");
  }
  return out.replace(/bot\d+:[A-Za-z0-9_-]+/g, "bot[token]");
}

/**
 * grammY and its retry plugin, loaded on the first send: grammY's Node build requires node-fetch 2, whose
 * URL parser loads Node's deprecated `punycode` module, and Node prints a DEP0040 warning when that happens.
 * A site without a Telegram channel never loads it and starts without the warning; one with a channel
 * prints it once, on the first post.
 */
type Grammy = typeof import("grammy");
let grammy: Promise<{ lib: Grammy; autoRetry: typeof import("@grammyjs/auto-retry").autoRetry }> | undefined;
const loadGrammy = () =>
  (grammy ??= Promise.all([import("grammy"), import("@grammyjs/auto-retry")]).then(([lib, retry]) => ({
    lib,
    autoRetry: retry.autoRetry,
  })));

/** The client, or null when TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID is unset (the channel is off). */
export function createTelegramClient(
  config: TelegramConfig,
  metrics?: OutboundMetrics,
): TelegramClient | null {
  const token = config.telegramBotToken;
  const chatId = config.telegramChatId;
  const staffChatId = config.telegramStaffChatId;
  if (!token || !chatId) return null;
  let made: Promise<{ api: Api; lib: Grammy }> | undefined;
  const apiOf = () => (made ??= loadGrammy().then(({ lib, autoRetry }) => makeApi(lib, autoRetry)));
  const makeApi = (lib: Grammy, autoRetry: typeof import("@grammyjs/auto-retry").autoRetry) => {
    const api = new lib.Api(token, {
      apiRoot: config.telegramApiBaseUrl.replace(/\/+$/, ""),
      timeoutSeconds: TIMEOUT_SECONDS,
    });
    // Innermost (installed first): every HTTP call is counted, each 429 retry included.
    if (metrics) {
      api.config.use(async (prev, method, payload, signal) => {
        const end = metrics.duration.startTimer({ service: "telegram" });
        try {
          const answer = await prev(method, payload, signal);
          const outcome = answer.ok ? "ok" : `http_${Math.floor(answer.error_code / 100)}xx`;
          metrics.requests.inc({ service: "telegram", outcome });
          return answer;
        } catch (error) {
          metrics.requests.inc({ service: "telegram", outcome: "error" });
          throw error;
        } finally {
          end();
        }
      });
    }
    // 429: wait `retry_after` and send again. Network failures and 5xx are not retried here: the message may
    // have reached the channel, and a second send would post it twice.
    api.config.use(
      autoRetry({
        maxRetryAttempts: MAX_429_RETRIES,
        maxDelaySeconds: MAX_429_WAIT_SECONDS,
        rethrowHttpErrors: true,
        rethrowInternalServerErrors: true,
      }),
    );
    return { api, lib };
  };

  const call = async (send: (api: Api, lib: Grammy) => Promise<{ message_id: number }>) => {
    const { api, lib } = await apiOf();
    try {
      const message = await send(api, lib);
      return { messageId: message.message_id };
    } catch (error) {
      throw toSendError(error, token, lib);
    }
  };
  return {
    sendMessage: (text) =>
      call((api) =>
        api.sendMessage(chatId, text, { parse_mode: "HTML", link_preview_options: { is_disabled: false } }),
      ),
    sendPhoto: (png, caption) =>
      call((api, lib) =>
        api.sendPhoto(chatId, new lib.InputFile(png, "card.png"), { caption, parse_mode: "HTML" }),
      ),
    ...(staffChatId && {
      sendStaffMessage: (text: string) =>
        call((api) =>
          api.sendMessage(staffChatId, text, {
            parse_mode: "HTML",
            link_preview_options: { is_disabled: true },
          }),
        ),
    }),
  };
}

function toSendError(error: unknown, token: string, { GrammyError, HttpError }: Grammy): TelegramSendError {
  if (error instanceof GrammyError) {
    const message = `Telegram refused the post (${error.error_code}): ${error.description}`;
    return new TelegramSendError(redactToken(message, token), error.error_code < 500);
  }
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? error.error.message : String(error.error);
    return new TelegramSendError(redactToken(`Telegram could not be reached: ${cause}`, token), false);
  }
  const text = error instanceof Error ? error.message : String(error);
  return new TelegramSendError(redactToken(`Telegram call failed: ${text}`, token), false);
}
