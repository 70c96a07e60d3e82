import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { HEADLINE_STAGES } from "../../common/headline";

/** In play: approved, in the races' reach (the stage mirrors the switches for the previous release). */
const IN_PLAY = `"stage" IN ('held', 'today', 'tomorrow') AND "deleted_at" IS NULL`;
/** A promoted submission (a pasted transaction or a Solana Pay reference) counts once its payment is. */
const PAID_IF_PROMOTED = `("is_paid" OR ("transaction_id" IS NULL AND "payment_reference" IS NULL))`;
export const IN_TODAYS_VOTING_SQL = `${IN_PLAY} AND "listed_today" AND ${PAID_IF_PROMOTED}`;
export const IN_TOMORROWS_NEWS_SQL = `${IN_PLAY} AND "listed_tomorrow" AND ${PAID_IF_PROMOTED}`;
export const IS_PUBLIC_SQL = `"stage" NOT IN ('pending', 'rejected', 'expired') AND "deleted_at" IS NULL AND ${PAID_IF_PROMOTED}`;

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Every headline, submission, imported news item and launched token: the spec's union. */
export const headlines = pgTable(
  "headlines",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    submittedBy: text("submitted_by"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    /**
     * Today's race: the counted (not voided) headline votes of the race named by `raceCycle`. A headline
     * still in play whose raceCycle is not the current race has 0 votes in it: a new race starts every
     * headline at 0 (features/headlines/races.ts), the votes of the earlier race stay in their rows.
     */
    votes: integer("votes").notNull().default(0),
    /** The race (settings.raceCycle when it was counted) that `votes` counts; null before its first vote. */
    raceCycle: tstz("race_cycle"),
    /** The Tomorrow's News race: its counted "tomorrow" votes, kept apart from today's race. */
    tomorrowVotes: integer("tomorrow_votes").notNull().default(0),
    /**
     * Where the headline is in its life: one stage, changed only through features/headlines/headline-stage.ts
     * (decision 007). The spec's flags (isApproved, isWinner, isTodaysNews, ...) are derived from it.
     */
    stage: text("stage", { enum: HEADLINE_STAGES }).notNull().default("pending"),
    /**
     * The staff's two independent switches (spec: "Today's News and Tomorrow's News are independent
     * toggles"), changed only through headline-stage.ts. What a visitor sees is the generated columns below.
     */
    listedToday: boolean("listed_today").notNull().default(false),
    listedTomorrow: boolean("listed_tomorrow").notNull().default(false),
    /**
     * The one rule of which public lists a headline is in, computed by the database from the row itself:
     * the TypeScript queries and the change triggers (migration 0011) both read these columns, so they
     * cannot disagree. An approved headline still in play (not won, launched, refused, expired or deleted)
     * is in a list its switch is on for, and a promoted submission only once its payment is confirmed.
     * The texts are checked against the database's definitions in db/database-definitions.test.ts.
     */
    inTodaysVoting: boolean("in_todays_voting").notNull().generatedAlwaysAs(sql.raw(IN_TODAYS_VOTING_SQL)),
    inTomorrowsNews: boolean("in_tomorrows_news").notNull().generatedAlwaysAs(sql.raw(IN_TOMORROWS_NEWS_SQL)),
    /** Shown by its own page, feeds and the sitemap: approved, not deleted, paid if promoted. */
    isPublic: boolean("is_public").notNull().generatedAlwaysAs(sql.raw(IS_PUBLIC_SQL)),
    /**
     * Deleting hides a headline everywhere but keeps the row, its votes and its history (no vote is ever
     * lost); who deleted it is in the audit log.
     */
    deletedAt: tstz("deleted_at"),
    isPaid: boolean("is_paid").notNull().default(false),
    /** On Yesterday's News since: set when launched (a contract address) or moved there as a past winner. */
    oldNewsAt: tstz("old_news_at"),
    importedNews: boolean("imported_news").notNull().default(false),
    launchStatus: text("launch_status"),
    launchDate: text("launch_date"),
    /** A paid submission's payment; one transaction pays for one submission. */
    transactionId: text("transaction_id").unique(),
    /** Why on-chain verification accepted or refused the payment, for the dashboard and the receipt. */
    paymentNote: text("payment_note"),
    /**
     * A promoted submission's Solana Pay reference (a random public key, base58): the transfer request
     * names it and the payment is found by it on chain. Absent for every other headline.
     */
    paymentReference: text("payment_reference").unique(),
    /** When the payment was last looked for on chain: the receipt page's check runs at most every 10 s. */
    paymentCheckedAt: tstz("payment_checked_at"),
    /** The submitter's receipt id (unguessable, given once when the submission is made). */
    receipt: text("receipt").unique(),
    articleUrl: text("article_url"),
    twitterUrl: text("twitter_url"),
    websiteUrl: text("website_url"),
    contractAddress: text("contract_address"),
    buyUrl: text("buy_url"),
    chartUrl: text("chart_url"),
    symbol: text("symbol"),
    price: doublePrecision("price"),
    marketCap: doublePrecision("market_cap"),
    volume24h: doublePrecision("volume_24h"),
    /**
     * More of the most liquid pair's figures, as DexScreener gives them (migration 0015, nullable: a row the
     * market refresh has not reached yet has none): the 24 h price change in percent (may be negative), the
     * pair's liquidity in USD, and when the pair was created (the token's age on the market).
     */
    priceChange24h: doublePrecision("price_change_24h"),
    liquidityUsd: doublePrecision("liquidity_usd"),
    pairCreatedAt: tstz("pair_created_at"),
    source: text("source"),
    sourceUrl: text("source_url"),
    holdVotes: integer("hold_votes").notNull().default(0),
    buyVotes: integer("buy_votes").notNull().default(0),
    sellVotes: integer("sell_votes").notNull().default(0),
    ctoVotes: integer("cto_votes").notNull().default(0),
    /** When the headline got its latest vote: the tie rule gives the win to whoever reached the count first. */
    lastVotedAt: tstz("last_voted_at"),
    /** The submitter's address, kept for the submission rate limit; never in an answer. */
    submitterIp: text("submitter_ip"),
  },
  (t) => [
    index("headlines_stage_idx").on(t.stage, t.createdAt),
    // At most one current winner: the home page's, the one sentiment votes go to.
    uniqueIndex("headlines_one_winner").on(t.stage).where(sql`${t.stage} = 'winner'`),
    // The two lists' queries and cast_vote's eligibility read the generated columns.
    index("headlines_todays_voting_idx").on(t.id).where(sql`${t.inTodaysVoting}`),
    index("headlines_tomorrows_news_idx").on(t.id).where(sql`${t.inTomorrowsNews}`),
    index("headlines_submitter_ip_idx").on(t.submitterIp, t.createdAt),
    uniqueIndex("headlines_source_url_idx").on(t.sourceUrl),
    check("headlines_votes_nonnegative", sql`${t.votes} >= 0`),
    check(
      "headlines_stage_known",
      sql`${t.stage} IN ('pending', 'rejected', 'expired', 'held', 'tomorrow', 'today', 'winner', 'past_winner', 'launched')`,
    ),
    // Only a paid submission has a payment to reject or to count as paid, and only a promoted one expires.
    check(
      "headlines_rejected_has_payment",
      sql`${t.stage} <> 'rejected' OR ${t.transactionId} IS NOT NULL OR ${t.paymentReference} IS NOT NULL`,
    ),
    check("headlines_expired_promoted", sql`${t.stage} <> 'expired' OR ${t.paymentReference} IS NOT NULL`),
    check("headlines_paid_has_payment", sql`NOT ${t.isPaid} OR ${t.transactionId} IS NOT NULL`),
    // Yesterday's News holds launched tokens and winners, nothing still in review or in a race.
    check(
      "headlines_yesterday_stages",
      sql`${t.oldNewsAt} IS NULL OR ${t.stage} IN ('winner', 'past_winner', 'launched')`,
    ),
    check("headlines_launched_on_yesterday", sql`${t.stage} <> 'launched' OR ${t.oldNewsAt} IS NOT NULL`),
  ],
);

/**
 * One row per stage change of a headline (and its creation, from_stage null): who or which job, from, to,
 * when. Kept when the headline is deleted.
 */
export const headlineTransitions = pgTable(
  "headline_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    headlineId: integer("headline_id").references(() => headlines.id, { onDelete: "set null" }),
    fromStage: text("from_stage", { enum: HEADLINE_STAGES }),
    toStage: text("to_stage", { enum: HEADLINE_STAGES }).notNull(),
    /** The transition's name in the table of headline-stage.ts: "approve", "crown", "retire", ... */
    action: text("action").notNull(),
    /** A staff username, "job:cycle", "visitor" or "migration". */
    actor: text("actor").notNull(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("headline_transitions_headline_idx").on(t.headlineId, t.createdAt)],
);

/**
 * One row per counted vote. The partial unique indexes are the voting rules themselves, so they hold under
 * any concurrency and across processes: one headline vote per visitor per cycle, one sentiment vote per
 * visitor per winner, one Tomorrow's News vote per visitor per candidate.
 */
export const votes = pgTable(
  "votes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["headline", "sentiment", "tomorrow"] }).notNull(),
    headlineId: integer("headline_id")
      .notNull()
      .references(() => headlines.id, { onDelete: "cascade" }),
    sentiment: text("sentiment", { enum: ["hold", "buy", "sell", "cto"] }),
    visitorId: text("visitor_id").notNull(),
    /** The US-Eastern calendar day of the vote, for the per-IP daily limit. */
    day: date("day", { mode: "string" }).notNull(),
    /**
     * The race the vote was cast in: for a headline vote, today's race (settings.raceCycle when it was
     * cast); a "tomorrow" vote belongs to the Tomorrow's News race of its headline whatever this says.
     */
    cycle: tstz("cycle").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    /**
     * Evidence for staff (features/votes/vote-evidence.ts): keyed hashes (HMAC-SHA256 with the
     * `vote-evidence` server secret) of the client IP, of its /24 or /64 network and of the user agent. The
     * raw IP is not stored. Nulled after 30 days by the evidence clean-up job.
     */
    ipHash: text("ip_hash"),
    networkHash: text("network_hash"),
    userAgentHash: text("user_agent_hash"),
    /**
     * Set when staff voided the vote: it no longer counts, but the row stays so that the unique indexes still
     * refuse the same visitor a second vote.
     */
    voidedAt: tstz("voided_at"),
    /** Who voided it (a staff username) and why: a voided vote is explained, never deleted. */
    voidedBy: text("voided_by"),
    voidReason: text("void_reason"),
  },
  (t) => [
    uniqueIndex("votes_one_headline_vote_per_cycle")
      .on(t.visitorId, t.cycle)
      .where(sql`${t.kind} = 'headline'`),
    uniqueIndex("votes_one_sentiment_per_winner")
      .on(t.visitorId, t.headlineId)
      .where(sql`${t.kind} = 'sentiment'`),
    uniqueIndex("votes_one_tomorrow_vote_per_candidate")
      .on(t.visitorId, t.headlineId)
      .where(sql`${t.kind} = 'tomorrow'`),
    index("votes_headline_idx").on(t.headlineId),
    // A race's count from its rows: the ledger check and the editions.
    index("votes_race_idx").on(t.headlineId, t.kind, t.cycle),
    // GET /api/me/votes reads one visitor's rows on every page load: the partial unique indexes above
    // cannot serve a query without their kind (a scan of every vote: 205 ms at 500k votes, 0.27 ms indexed).
    index("votes_visitor_idx").on(t.visitorId),
    // Only the votes that still carry evidence (the last 30 days): the clean-up job finds the old ones here.
    index("votes_evidence_age_idx").on(t.createdAt).where(sql`${t.ipHash} IS NOT NULL`),
    check("votes_sentiment_matches_kind", sql`(${t.kind} = 'sentiment') = (${t.sentiment} IS NOT NULL)`),
  ],
);

/**
 * Votes counted per IP and Eastern day. A vote increments its row with a conditional upsert, so the limit
 * of 10 cannot be passed by parallel requests; the check constraint is the last line of defence.
 */
export const voteQuota = pgTable(
  "vote_quota",
  {
    ip: text("ip").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.day] }), check("vote_quota_max", sql`${t.used} BETWEEN 1 AND 10`)],
);

/** The single settings row (id = 1): the cycle's times, the schedule mode and the current winner. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    votingEndTime: tstz("voting_end_time").notNull(),
    launchTime: tstz("launch_time").notNull(),
    currentDay: text("current_day"),
    scheduleMode: text("schedule_mode", { enum: ["daily", "weekly", "custom"] })
      .notNull()
      .default("daily"),
    /**
     * The votingEndTime of the last cycle whose winner was selected: makes selection happen once, and tells
     * a correction (the winner was crowned for the cycle still described here) from a closed cycle's winner.
     * The current winner itself is the headline in stage 'winner'.
     */
    winnerSelectedFor: tstz("winner_selected_for"),
    /**
     * The race in progress, named by the instant it opened. Staff moving the close of an open race keep it
     * (the votes cast so far stay in it); a race opens when the cycle rolls, or when staff set the times
     * after the close (features/headlines/races.ts). Votes and counters name their race by it.
     */
    raceCycle: tstz("race_cycle"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
    /**
     * The winner whose launch the autopilot declared late (no coin by its launch-delayed hour): the winner
     * card and the channel then say "launch delayed". Compared with the current winner, so a new crown or a
     * contract address ends it without another write (migration 0019).
     */
    launchDelayedFor: integer("launch_delayed_for"),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

/**
 * The autopilot's switch and settings (issue 30): one row, absent until an administrator first saves it
 * (features/autopilot reads the defaults then). `vetoMinutes` also holds the crown of a race a flagged burst
 * could have decided when the autopilot is off (issue 31).
 */
export const autopilot = pgTable(
  "autopilot",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    /** When it was last switched on: a step due before that is left to staff, never caught up. */
    enabledAt: tstz("enabled_at"),
    quorumVoters: integer("quorum_voters").notNull().default(5),
    minLead: integer("min_lead").notNull().default(1),
    vetoMinutes: integer("veto_minutes").notNull().default(30),
    importHour: integer("import_hour").notNull().default(6),
    launchDelayedHour: integer("launch_delayed_hour").notNull().default(23),
    /** The trending sources the morning import reads, and those of them whose headlines need no review. */
    importSources: jsonb("import_sources").$type<string[]>().notNull().default(["news"]),
    trustedSources: jsonb("trusted_sources").$type<string[]>().notNull().default([]),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [check("autopilot_single_row", sql`${t.id} = 1`)],
);

/**
 * What the close decided for a race when it did not crown at once (issue 30, issue 31's burst): a proposal
 * waiting out its veto window, a crown held because a flagged burst could have decided the race, or a race
 * left to the editors (no quorum, a tie, a vote ring, an unconfirmed payment, a veto). One row per race: its
 * primary key is the close's claim, so two processes never decide one race twice.
 */
export const CROWN_HOLD_KINDS = ["proposal", "burst"] as const;
export const CROWN_HOLD_STATUSES = ["pending", "crowned", "awaiting", "vetoed"] as const;
export const crownHolds = pgTable(
  "crown_holds",
  {
    /** The race (settings.race_cycle) whose close this is. */
    race: tstz("race").primaryKey(),
    closesAt: tstz("closes_at").notNull(),
    kind: text("kind", { enum: CROWN_HOLD_KINDS }).notNull(),
    status: text("status", { enum: CROWN_HOLD_STATUSES }).notNull(),
    /** The proposed (or held) headline; the race's top when the race was left to the editors. */
    headlineId: integer("headline_id").references(() => headlines.id, { onDelete: "set null" }),
    /** Why the race waits for the editors (src/common/autopilot.ts: AWAIT_REASONS). */
    reason: text("reason"),
    /** Distinct voting networks of the headline and its lead over the runner-up, when judged. */
    voters: integer("voters"),
    lead: integer("lead"),
    /** When silence crowns it: the end of the veto window. */
    crownAt: tstz("crown_at"),
    decidedAt: tstz("decided_at"),
    /** The staff username that vetoed it, and why. */
    vetoedBy: text("vetoed_by"),
    vetoReason: text("veto_reason"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("crown_holds_kind_known", sql`${t.kind} IN ('proposal', 'burst')`),
    check("crown_holds_status_known", sql`${t.status} IN ('pending', 'crowned', 'awaiting', 'vetoed')`),
  ],
);

/**
 * Each autopilot step's run for its subject (a race, a winner): the row is the claim, so a step runs once
 * per subject across processes and restarts. A run that failed is tried again after `retryAt`; one whose
 * process stopped mid-run (still `running` after its lease) is taken over.
 */
export const AUTOPILOT_RUN_STATUSES = ["running", "done", "failed"] as const;
export const autopilotRuns = pgTable(
  "autopilot_runs",
  {
    step: text("step").notNull(),
    subject: text("subject").notNull(),
    status: text("status", { enum: AUTOPILOT_RUN_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** What the run did, in words (the Autopilot tab's "last result"). */
    result: text("result"),
    startedAt: tstz("started_at").notNull().defaultNow(),
    finishedAt: tstz("finished_at"),
    retryAt: tstz("retry_at"),
  },
  (t) => [
    primaryKey({ columns: [t.step, t.subject] }),
    index("autopilot_runs_started_idx").on(t.startedAt),
    check("autopilot_runs_status_known", sql`${t.status} IN ('running', 'done', 'failed')`),
  ],
);

/**
 * One row per race: the public record of an edition (issue 22). While the race is open the database keeps
 * its day (settings.current_day) and close (settings.voting_end_time) in step with the settings (trigger
 * edition_follows_settings); once the winner is selected the cycle job freezes its standings, which never
 * change after (features/editions).
 */
export const editions = pgTable(
  "editions",
  {
    /** The race's name (settings.race_cycle): the instant it opened. */
    race: tstz("race").primaryKey(),
    /** The edition date, US Eastern: the day whose evening the race closes. */
    day: date("day", { mode: "string" }).notNull(),
    closesAt: tstz("closes_at").notNull(),
    /** When the standings were frozen; null while the race is open (or not yet decided). */
    frozenAt: tstz("frozen_at"),
    /** The final standings (EditionRace without its name and close), written once. */
    standings: jsonb("standings"),
  },
  (t) => [index("editions_day_idx").on(t.day)],
);

export const archiveEntries = pgTable(
  "archive_entries",
  {
    id: serial("id").primaryKey(),
    headlineId: integer("headline_id").references(() => headlines.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    votes: integer("votes").notNull().default(0),
    memeCoin: text("meme_coin"),
    launchDate: date("launch_date", { mode: "string" }).notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("archive_launch_date_idx").on(t.launchDate),
    // Every crowned winner of a closed cycle is in the Archive exactly once.
    uniqueIndex("archive_one_entry_per_headline").on(t.headlineId),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    message: text("message").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at"),
  },
  (t) => [index("notifications_expires_idx").on(t.expiresAt)],
);

export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: tstz("created_at").notNull().defaultNow(),
  /** Set while the account may not log in (an administrator disabled it, or the security reset did). */
  disabledAt: tstz("disabled_at"),
  lastLoginAt: tstz("last_login_at"),
});

/** Server-side sessions; the cookie holds a random id, the table only its SHA-256 hash. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("sessions_account_idx").on(t.accountId)],
);

/** Failed login attempts, for throttling per IP and per username when no Redis is configured. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    username: text("username").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
    index("login_attempts_user_idx").on(t.username, t.createdAt),
  ],
);

/** Uploaded and generated images, re-encoded, addressed by the SHA-256 of the stored bytes. */
export const images = pgTable("images", {
  hash: text("hash").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

/**
 * Secrets the server generates once and keeps in the database, so that every process (and every restart)
 * uses the same one: `vote-evidence` keys the vote evidence hashes; `vapid` is the browser reminders' VAPID
 * key pair (JSON, features/push).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: bytea("value").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

/** Who did what and when in the dashboard. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details"),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * When each background job may run next. With several server processes every one of them ticks, and the
 * process whose conditional update moves `next_run_at` forward runs the pass: one pass per interval in all.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  nextRunAt: tstz("next_run_at").notNull(),
});

/**
 * The Telegram channel's posts (features/telegram): one row per post, its (kind, subject) unique, so the
 * row is the claim: a process sends only a post whose row it inserted (or moved from pending/failed) itself,
 * and two processes or a restart never post the same event twice. A launch is recorded by the database when
 * a contract address is set (trigger telegram_launch_post, status pending); the other events are found by
 * the job from the settings and the crown transitions.
 */
export const TELEGRAM_POST_KINDS = ["race_open", "reminder", "winner", "launch", "test"] as const;
export const TELEGRAM_POST_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export const telegramPosts = pgTable(
  "telegram_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: TELEGRAM_POST_KINDS }).notNull(),
    /** What the post is about: the race's ISO instant, the headline's id, or a test's random id. */
    subject: text("subject").notNull(),
    status: text("status", { enum: TELEGRAM_POST_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the event happened: an event older than the job's window when first seen is skipped, not posted. */
    eventAt: tstz("event_at").notNull(),
    /** Set only after a failure Telegram itself answered (nothing was posted): when to try again. */
    retryAt: tstz("retry_at"),
    messageId: bigint("message_id", { mode: "number" }),
    /** Why the last attempt failed, with the bot token removed. */
    error: text("error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("telegram_posts_kind_subject_idx").on(t.kind, t.subject),
    index("telegram_posts_created_idx").on(t.createdAt),
    check(
      "telegram_posts_kind_known",
      sql`${t.kind} IN ('race_open', 'reminder', 'winner', 'launch', 'test')`,
    ),
    check(
      "telegram_posts_status_known",
      sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

/**
 * Browser reminders (features/push): one row per browser that asked for them, its endpoint unique (the push
 * service's URL for that browser). Kept for the visitor (the mg_visitor id) and counted per network (at most
 * PUSH_SUBSCRIPTIONS_PER_NETWORK). Removed when the visitor stops them, when the push service answers 404 or
 * 410 (the browser unsubscribed), or after PUSH_MAX_FAILURES sends in a row failed.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and its auth secret (base64url): what the messages are encrypted to. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    visitorId: text("visitor_id").notNull(),
    network: text("network").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    lastSentAt: tstz("last_sent_at"),
    /** Sends in a row that failed (not 404/410); back to 0 on success. */
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_network_idx").on(t.network),
  ],
);

/**
 * One row per subscription and event (the race's reminder, a headline's crown): the claim that makes each
 * message go once. A process sends only the rows its own insert created; a process that stops after the
 * insert leaves that message unsent rather than sent twice. Rows older than a day are deleted (no event is
 * due that long).
 */
export const PUSH_EVENT_KINDS = ["reminder", "winner"] as const;
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PUSH_EVENT_KINDS }).notNull(),
    /** The race's ISO instant for a reminder, the headline's id for a winner (as telegram_posts.subject). */
    subject: text("subject").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.kind, t.subject] }),
    index("push_deliveries_created_idx").on(t.createdAt),
    check("push_deliveries_kind_known", sql`${t.kind} IN ('reminder', 'winner')`),
  ],
);

/** Uploads accepted per IP in the last hour: the database's record for the hourly upload limit. */
export const uploadLog = pgTable(
  "upload_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [index("upload_log_ip_idx").on(t.ip, t.createdAt)],
);

/**
 * The paper's own coin launches (issue 29, decision 016): each row one transaction the server built, the
 * staff's wallet signed and the server checked and sent: the launch itself (create and first buy), then the
 * sale of that buy and the buy-back of the paper's own coin. The partial unique index is the rule that two
 * staff pressing Launch at once make one launch: one row under way (prepared or sent) per edition and kind
 * (a prepared one that expired, or one that failed, may be prepared again; a confirmed launch has set its
 * winner's contract address, which no launch may have).
 */
export const LAUNCH_KINDS = ["launch", "sell", "buyback"] as const;
export const LAUNCH_STATES = ["prepared", "sent", "confirmed", "expired", "failed"] as const;
export const launches = pgTable(
  "launches",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: LAUNCH_KINDS }).notNull(),
    headlineId: integer("headline_id")
      .notNull()
      .references(() => headlines.id),
    /** The edition whose winner this is (US Eastern day): the public receipt's address. */
    editionDay: date("edition_day", { mode: "string" }).notNull(),
    /** The coin's mint (the launch's new key; the sale's coin; the buy-back's coin, TOKEN_ADDRESS). */
    mint: text("mint").notNull(),
    /** The staff wallet that pays and signs (one of LAUNCH_WALLETS). */
    wallet: text("wallet").notNull(),
    /** Who prepared it, for the audit rows of its later changes (sent, confirmed, ...). */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    state: text("state", { enum: LAUNCH_STATES }).notNull(),
    /** The prepared transaction's message, exactly as the server built it: the signed one must carry it. */
    message: bytea("message").notNull(),
    blockhash: text("blockhash").notNull(),
    lastValidBlockHeight: bigint("last_valid_block_height", { mode: "number" }).notNull(),
    /** What the transaction does, decoded (common/launch.ts's LaunchSummary): shown before and after. */
    summary: jsonb("summary").notNull(),
    /** The transaction's signature once sent (the wallet's, the first). */
    signature: text("signature").unique(),
    /** Why it expired or failed, in words. */
    error: text("error"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
    /** When it reached a final state (confirmed, expired or failed). */
    settledAt: tstz("settled_at"),
  },
  (t) => [
    uniqueIndex("launches_one_live_per_edition")
      .on(t.kind, t.editionDay)
      .where(sql`${t.state} IN ('prepared', 'sent')`),
    index("launches_headline_idx").on(t.headlineId),
    index("launches_edition_idx").on(t.editionDay),
    check("launches_kind_known", sql`${t.kind} IN ('launch', 'sell', 'buyback')`),
    check("launches_state_known", sql`${t.state} IN ('prepared', 'sent', 'confirmed', 'expired', 'failed')`),
  ],
);

/**
 * A launched coin's metadata document (GET /m/{mint}.json) and its image (GET /m/{mint}.{ext}), written
 * once when its launch is prepared and never changed: what is on chain points here for ever. The image's
 * bytes are kept here, not in `images`, whose clean-up removes pictures nothing has shown lately.
 */
export const coinMetadata = pgTable("coin_metadata", {
  mint: text("mint").primaryKey(),
  headlineId: integer("headline_id")
    .notNull()
    .references(() => headlines.id),
  /** The JSON served, byte for byte. */
  document: text("document").notNull(),
  imageType: text("image_type").notNull(),
  image: bytea("image").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});
