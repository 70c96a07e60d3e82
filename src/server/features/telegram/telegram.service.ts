import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { headlinePath } from "@/common/headline-path";
import { tradeLinks } from "@/common/share";
import {
  TELEGRAM_POSTS_SHOWN,
  TELEGRAM_TEST_EVERY_MS,
  TELEGRAM_TEST_TOO_SOON,
  type TelegramPost,
} from "@/common/telegram";
import { easternTime, REMINDER_BEFORE_CLOSE_MS } from "@/common/time";
import type { Db } from "../../db/connect";
import { headlines, settings, telegramPosts } from "../../db/schema";
import { type TelegramClient, TelegramSendError } from "../../integrations/telegram";
import type { Tx } from "../../lib/hourly-limit";
import { tooMany } from "../../lib/http-error";
import { recentCrowns } from "../headlines/headline-stage";

/**
 * The Telegram channel's posts (issue 22, decisions "Third wave": Reminders). Each event is posted once
 * across processes and restarts: its telegram_posts row, unique by (kind, subject), is the claim. A process
 * sends only after its own statement inserted the row (or moved it from pending, or from a failure Telegram
 * answered) to `sending`; the outcome is written after. A process that stops between the send and the write
 * leaves the row `sending`: after SENDING_GIVE_UP_MS it is marked failed with "outcome unknown" and never
 * sent again, since the message may be in the channel (a missing post is better than a duplicate one).
 */

/** An event older than this when first seen is not posted: enabling Telegram on an old database posts no history. */
export const TELEGRAM_WINDOW_MS = 60 * 60_000;
/** A send still unrecorded after this long belongs to a process that stopped: its outcome is unknown. */
export const SENDING_GIVE_UP_MS = 5 * 60_000;
/** Sends a post is tried at most (only after refusals that posted nothing). */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 60_000;
/** The headlines the race-open post lists. */
const TOP_HEADLINES = 5;
/** The advisory lock space of the test message's claim (push subscriptions use 4615). */
const TEST_LOCK_SPACE = 4_616;

type PostRow = typeof telegramPosts.$inferSelect;
type Kind = PostRow["kind"];

export interface TelegramContext {
  db: Db;
  client: TelegramClient;
  siteName: string;
  publicUrl: string;
  /** The winner's share card (PNG), or null when it cannot be drawn (the post then goes as text). */
  drawCard: (headlineId: number) => Promise<Buffer | null>;
}

export interface PassOutcome {
  sent: PostRow[];
  failed: PostRow[];
  skipped: number;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The events due now that have no row yet: the race's opening, its one-hour reminder, a fresh crown. A race's
 * opening is also recorded by the database as it opens (trigger telegram_race_open_post, migration 0016), as
 * a pending row of the same subject: that is the record for a race whose name is ahead of the clock (the race
 * after one staff shortened), which the check here cannot see. The check keeps announcing a race opened
 * before that migration; the unique (kind, subject) makes the two one post.
 */
async function dueEvents(db: Db, now: Date): Promise<{ kind: Kind; subject: string; eventAt: Date }[]> {
  const events: { kind: Kind; subject: string; eventAt: Date }[] = [];
  const [s] = await db.select().from(settings).where(eq(settings.id, 1));
  if (s && now < s.votingEndTime) {
    // A race named by its close (before races were named by their opening) has no opening to announce.
    if (s.raceCycle && s.raceCycle <= now && now.getTime() - s.raceCycle.getTime() <= TELEGRAM_WINDOW_MS)
      events.push({ kind: "race_open", subject: s.raceCycle.toISOString(), eventAt: s.raceCycle });
    const remindAt = new Date(s.votingEndTime.getTime() - REMINDER_BEFORE_CLOSE_MS);
    if (remindAt <= now)
      events.push({
        kind: "reminder",
        subject: (s.raceCycle ?? s.votingEndTime).toISOString(),
        eventAt: remindAt,
      });
  }
  const crowns = await recentCrowns(db, new Date(now.getTime() - TELEGRAM_WINDOW_MS));
  for (const crown of crowns) events.push({ kind: "winner", subject: String(crown.id), eventAt: crown.at });
  return events;
}

/** Inserts the event's row as this process's claim; null when another process (or an earlier pass) has it. */
async function claimNew(db: Db | Tx, event: { kind: Kind; subject: string; eventAt: Date }, now: Date) {
  const [row] = await db
    .insert(telegramPosts)
    .values({ ...event, status: "sending", attempts: 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Moves a recorded launch (pending) or a refused post whose retry is due to `sending`, for one process only. */
async function claimExisting(db: Db, row: PostRow, now: Date) {
  const [claimed] = await db
    .update(telegramPosts)
    .set({ status: "sending", attempts: sql`${telegramPosts.attempts} + 1`, retryAt: null, updatedAt: now })
    .where(
      and(
        eq(telegramPosts.id, row.id),
        eq(telegramPosts.status, row.status),
        eq(telegramPosts.attempts, row.attempts),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** One pass of the job: gives up on lost sends, skips stale events, then sends every due post it claims. */
export async function runTelegramPass(ctx: TelegramContext, now: Date): Promise<PassOutcome> {
  const { db } = ctx;
  const outcome: PassOutcome = { sent: [], failed: [], skipped: 0 };
  await db
    .update(telegramPosts)
    .set({
      status: "failed",
      error:
        "Outcome unknown: the server stopped while sending. Not sent again, so the channel never gets it twice.",
      updatedAt: now,
    })
    .where(
      and(
        eq(telegramPosts.status, "sending"),
        lte(telegramPosts.updatedAt, new Date(now.getTime() - SENDING_GIVE_UP_MS)),
      ),
    );
  const stale = new Date(now.getTime() - TELEGRAM_WINDOW_MS);
  const skipped = await db
    .update(telegramPosts)
    .set({ status: "skipped", error: "Older than an hour when Telegram could post it.", updatedAt: now })
    .where(and(eq(telegramPosts.status, "pending"), lte(telegramPosts.eventAt, stale)))
    .returning({ id: telegramPosts.id });
  outcome.skipped = skipped.length;

  const claimed: PostRow[] = [];
  for (const event of await dueEvents(db, now)) {
    const row = await claimNew(db, event, now);
    if (row) claimed.push(row);
  }
  const waiting = await db
    .select()
    .from(telegramPosts)
    .where(
      and(
        inArray(telegramPosts.status, ["pending", "failed"]),
        gt(telegramPosts.eventAt, stale),
        sql`(${telegramPosts.status} = 'pending' OR ${telegramPosts.retryAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    );
  for (const row of waiting) {
    const mine = await claimExisting(db, row, now);
    if (mine) claimed.push(mine);
  }
  for (const row of claimed) {
    const done = await send(ctx, row, now);
    (done.status === "sent" ? outcome.sent : outcome.failed).push(done);
  }
  return outcome;
}

/** Sends one claimed post and records what became of it. */
async function send(ctx: TelegramContext, row: PostRow, now: Date): Promise<PostRow> {
  let result: { messageId: number } | TelegramSendError;
  try {
    result = await post(ctx, row, now);
  } catch (error) {
    result =
      error instanceof TelegramSendError
        ? error
        : // Our own failure before the call (a missing headline): nothing was sent.
          new TelegramSendError(error instanceof Error ? error.message : String(error), true);
  }
  const at = new Date();
  const set =
    result instanceof TelegramSendError
      ? {
          status: "failed" as const,
          error: result.message.slice(0, 500),
          retryAt:
            result.nothingPosted && row.kind !== "test" && row.attempts < MAX_ATTEMPTS
              ? new Date(at.getTime() + RETRY_DELAY_MS * row.attempts)
              : null,
          updatedAt: at,
        }
      : { status: "sent" as const, messageId: result.messageId, error: null, retryAt: null, updatedAt: at };
  const [done] = await ctx.db.update(telegramPosts).set(set).where(eq(telegramPosts.id, row.id)).returning();
  return done ?? { ...row, ...set };
}

/** The post's text (Telegram HTML) and, for a winner, its card. */
async function post(ctx: TelegramContext, row: PostRow, now: Date): Promise<{ messageId: number }> {
  const site = escapeHtml(ctx.siteName);
  const home = `${ctx.publicUrl}/`;
  const link = (h: { id: number; title: string }) => `${ctx.publicUrl}${headlinePath(h)}`;
  switch (row.kind) {
    case "test":
      return ctx.client.sendMessage(
        `✅ <b>${site}</b>: test message from the dashboard (${easternTime(now, now)}). The channel is connected.\n${home}`,
      );
    case "race_open":
    case "reminder": {
      const [s] = await ctx.db.select().from(settings).where(eq(settings.id, 1));
      if (!s) throw new Error("settings row missing");
      const top = await ctx.db
        .select({ id: headlines.id, title: headlines.title, votes: headlines.votes })
        .from(headlines)
        .where(eq(headlines.inTodaysVoting, true))
        .orderBy(desc(headlines.votes), sql`${headlines.lastVotedAt} ASC NULLS LAST`, headlines.id)
        .limit(TOP_HEADLINES);
      const close = easternTime(s.votingEndTime, now);
      const list = top
        .map((h, i) => {
          const votes = row.kind === "reminder" ? ` (${h.votes} ${h.votes === 1 ? "vote" : "votes"})` : "";
          return `${i + 1}. <a href="${escapeHtml(link(h))}">${escapeHtml(h.title)}</a>${votes}`;
        })
        .join("\n");
      const head =
        row.kind === "race_open"
          ? `🗞 <b>${site}: today's race is open!</b>\nVote for the headline that becomes the coin. Voting closes at ${close}.`
          : `⏰ <b>One hour left to vote!</b>\nVoting closes at ${close}.${top.length > 0 ? " The leaders:" : ""}`;
      return ctx.client.sendMessage([head, list, `Vote: ${home}`].filter(Boolean).join("\n\n"));
    }
    case "winner":
    case "launch": {
      const id = Number(row.subject);
      const [h] = await ctx.db.select().from(headlines).where(eq(headlines.id, id));
      if (!h) throw new Error(`headline ${id} not found`);
      const title = `<a href="${escapeHtml(link(h))}">${escapeHtml(h.title)}</a>`;
      if (row.kind === "winner") {
        const caption = `🏆 <b>Today's winner</b> with ${h.votes} ${h.votes === 1 ? "vote" : "votes"}:\n${title}`;
        const png = await ctx.drawCard(id).catch(() => null);
        return png ? ctx.client.sendPhoto(png, caption) : ctx.client.sendMessage(caption);
      }
      if (!h.contractAddress) throw new Error(`headline ${id} has no contract address`);
      const [dex, jupiter] = tradeLinks(h.contractAddress);
      const buy = h.buyUrl ?? jupiter?.url ?? "";
      const chart = h.chartUrl ?? dex?.url ?? "";
      const symbol = h.symbol ? ` $${escapeHtml(h.symbol)}` : "";
      return ctx.client.sendMessage(
        [
          `🚀 <b>Launched${symbol}!</b>\n${title}`,
          `Contract address:\n<code>${escapeHtml(h.contractAddress)}</code>`,
          `<a href="${escapeHtml(buy)}">Buy</a> · <a href="${escapeHtml(chart)}">Chart</a>`,
        ].join("\n\n"),
      );
    }
  }
}

/**
 * The dashboard's test message: its own row (kind test), sent at once, the outcome answered. At most one per
 * TELEGRAM_TEST_EVERY_MS for the whole site (the channel is public): the last test row's age is checked and
 * the new row inserted under one advisory lock, so of a parallel burst, from any number of processes, one
 * claims and the rest are refused (429) before anything is sent.
 */
export async function sendTestMessage(ctx: TelegramContext, now: Date): Promise<TelegramPost> {
  const row = await ctx.db.transaction(async (tx) => {
    // On `tx` only: inside a PGlite transaction, a query on the outer handle waits for ever.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEST_LOCK_SPACE}::int, 0)`);
    const [last] = await tx
      .select({ at: telegramPosts.createdAt })
      .from(telegramPosts)
      .where(eq(telegramPosts.kind, "test"))
      .orderBy(desc(telegramPosts.createdAt))
      .limit(1);
    const wait = last ? last.at.getTime() + TELEGRAM_TEST_EVERY_MS - now.getTime() : 0;
    if (wait > 0) throw tooMany(TELEGRAM_TEST_TOO_SOON, wait / 1000, "telegram_test");
    return claimNew(tx, { kind: "test", subject: randomUUID(), eventAt: now }, now);
  });
  if (!row) throw new Error("a new test id collided");
  return toPost(await send(ctx, row, now));
}

export async function listTelegramPosts(db: Db): Promise<TelegramPost[]> {
  const rows = await db
    .select()
    .from(telegramPosts)
    .orderBy(desc(telegramPosts.createdAt), desc(telegramPosts.id))
    .limit(TELEGRAM_POSTS_SHOWN);
  return rows.map(toPost);
}

const toPost = (row: PostRow): TelegramPost => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  eventAt: row.eventAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  messageId: row.messageId,
  error: row.error,
});
