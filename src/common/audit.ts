import { z } from "zod";
import { HEADLINE_STAGES } from "./headline";

/**
 * The dashboard's Audit tab (GET /api/admin/audit): staff actions (the audit log) and every headline's stage
 * and list transitions (by staff, a job or a visitor's submission), newest first, in pages.
 */
export const AUDIT_PAGE_SIZE = 25;

export const AuditQuerySchema = z.object({
  /** Only what concerns this headline. */
  headline: z.coerce
    .number({ error: "headline must be a headline id" })
    .int("headline must be a headline id")
    .positive("headline must be a headline id")
    .max(2_147_483_647, "headline must be a headline id")
    .optional(),
  /** Only what this account (a username) or job ("job:cycle") did. */
  account: z
    .string({ error: "account must be a username" })
    .trim()
    .min(1, "account must be a username")
    .max(64, "account must be a username")
    .optional(),
  /** The page, from 1. */
  page: z.coerce
    .number({ error: "page must be a page number" })
    .int("page must be a page number")
    .min(1, "page must be a page number")
    .max(10_000, "page must be a page number")
    .default(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  /** "action": a staff call written to the audit log; "transition": a headline's stage or list change. */
  kind: z.enum(["action", "transition"]),
  id: z.number().int(),
  at: z.string(),
  /** A staff username, "job:{name}", "visitor" or "migration". */
  actor: z.string(),
  /** The route of a staff action ("POST /api/admin/headlines/:id/approve") or the transition's name. */
  action: z.string(),
  headlineId: z.number().int().nullable(),
  /** The headline's title now, when the entry is about one. */
  headlineTitle: z.string().nullable(),
  /** The id the action was about (a headline, an account, a notification...). */
  target: z.string().nullable(),
  fromStage: z.enum(HEADLINE_STAGES).nullable(),
  toStage: z.enum(HEADLINE_STAGES).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

// --- the Audit tab's words -------------------------------------------------------------------------------

/** The action the token-from-address flow writes itself (it is reached outside the staff guard). */
export const TOKEN_FROM_ADDRESS = "POST /api/headlines (token from address)";

type Details = Record<string, unknown> | null;
type Words = string | ((details: Details) => string);

/** A flag's new state from the details: the switch's way ("Moved into" / "Taken out of"). */
const switched =
  (key: string, list: string): Words =>
  (details) =>
    details?.[key] === true
      ? `Moved into ${list}`
      : details?.[key] === false
        ? `Taken out of ${list}`
        : `Switched ${list}`;

/**
 * What a staff action did, by its route as the audit log stores it ("METHOD /route"). Every audited route
 * has words here (audit-feed.routes.test.ts checks the staff guard's list against this one).
 */
export const AUDIT_ACTION_WORDS: Record<string, Words> = {
  // An imported headline goes to Tomorrow's News, like every import (admin-headlines.service.ts).
  "POST /api/admin/headlines/:id/approve": (d) =>
    d?.joins === "tomorrow" ? "Approved: joins Tomorrow's News" : "Approved: joins today's voting",
  "POST /api/admin/headlines/:id/reinstate": "Reinstated: back in review, paid",
  "DELETE /api/admin/headlines/:id": "Deleted: hidden everywhere, its votes kept",
  "POST /api/admin/headlines/:id/toggle-todays": switched("isTodaysNews", "Today's News"),
  "POST /api/admin/headlines/:id/toggle-tomorrows": switched("isTomorrowsNews", "Tomorrow's News"),
  "POST /api/admin/headlines/:id/remove-from-tomorrow": "Taken out of Tomorrow's News",
  "POST /api/admin/headlines/:id/verify-payment": (d) =>
    d?.isPaid === true ? "Payment verified" : d?.isPaid === false ? "Payment rejected" : "Payment judged",
  "POST /api/admin/headlines/:id/check-payment": (d) =>
    d?.isPaid === true ? "Payment checked on chain: confirmed" : "Payment checked on chain: not confirmed",
  "POST /api/admin/headlines/:id/contract-address": "Contract address set: the coin is launched",
  "PUT /api/admin/headlines/:id": "Token details edited",
  "POST /api/admin/headlines/:id/announce-winner": "Made the winner",
  "POST /api/admin/headlines/:id/void-votes": "Votes voided",
  "POST /api/admin/select-winner": "Selected today's winner",
  "POST /api/admin/move-winner-to-yesterday": "Moved the winner to Yesterday's News and the Archive",
  "POST /api/admin/move-top-headlines-to-today": "Moved the top of Tomorrow's News into today's voting",
  "PUT /api/admin/settings": "Changed the schedule",
  "DELETE /api/admin/archive/:id": "Deleted an Archive entry",
  "POST /api/admin/notifications": "Posted a notification",
  "DELETE /api/admin/notifications/:id": "Took down a notification",
  "POST /api/admin/register-staff": "Added a staff account",
  "POST /api/admin/accounts/:id/disable": "Disabled an account",
  "POST /api/admin/accounts/:id/enable": "Re-enabled an account with a new password",
  "DELETE /api/admin/accounts/:id": "Deleted an account",
  "POST /api/admin/security-reset": "Ran the security reset",
  "POST /api/admin/telegram/test": "Sent a Telegram test message",
  "POST /api/admin/update-news-sources": "Refreshed the launched tokens' market data",
  "POST /api/headlines/import": "Imported a trending headline into Tomorrow's News",
  "POST /api/tokens/import": "Imported a token into Yesterday's News",
  [TOKEN_FROM_ADDRESS]: "Generated a token from its contract address",
  // The coin launch (issue 29): the staff's two steps, then each change of its state (launches.service.ts).
  "POST /api/admin/launches": "Prepared the coin launch for the wallet to sign",
  "POST /api/admin/launches/trades": (d) =>
    d?.kind === "sell"
      ? "Prepared the Sell of the launch's coin for the wallet to sign"
      : d?.kind === "buyback"
        ? "Prepared the Buy back of the paper's own coin for the wallet to sign"
        : "Prepared a trade of the launch for the wallet to sign",
  "POST /api/admin/launches/:id/signed": "Signed the coin launch: checked by the server, then sent",
  "launch prepared": "Coin launch prepared",
  "launch sent": "Coin launch sent to the chain",
  "launch confirmed": "Coin launch confirmed on chain: contract address set",
  "launch expired": "Coin launch expired before it landed: it may be prepared again",
  "launch failed": "Coin launch failed: nothing was created",
  "PUT /api/admin/autopilot": (d) =>
    d?.enabled === true
      ? "Autopilot settings saved: the autopilot is on"
      : d?.enabled === false
        ? "Autopilot settings saved: the autopilot is off"
        : "Autopilot settings saved",
  "POST /api/admin/autopilot/veto": "Vetoed the proposed winner",
  "POST /api/admin/autopilot/crown": "Crowned the proposed winner before its veto window ended",
  // The autopilot's own runs (lib/step-runs.ts), under "job:autopilot".
  "AUTOPILOT import": "Autopilot: morning import",
  "AUTOPILOT four": "Autopilot: the day's four",
  "AUTOPILOT close": "Autopilot: the close",
  "AUTOPILOT launch": "Autopilot: launch check",
  "AUTOPILOT notify": "Autopilot: told the staff chat about the proposal",
};

/**
 * A headline's change by name (features/headlines/headline-stage.ts: TRANSITIONS and CREATIONS), for the
 * changes no staff action covers: a visitor's submission, the jobs', a winner replaced by another.
 */
export const TRANSITION_WORDS: Record<string, string> = {
  submit: "Submitted for review",
  importNews: "Imported into Tomorrow's News",
  importForReview: "Imported for review: Tomorrow's News once approved",
  importToken: "Imported as a launched token",
  generateToken: "Generated from a contract address",
  approve: "Approved: joins today's voting",
  approveImport: "Approved: joins Tomorrow's News",
  rejectPayment: "Payment rejected: out of review",
  reconsider: "Back in review",
  expire: "Expired unpaid",
  reinstate: "Reinstated: back in review",
  addToToday: "Moved into Today's News",
  removeFromToday: "Taken out of Today's News",
  addToTomorrow: "Moved into Tomorrow's News",
  removeFromTomorrow: "Taken out of Tomorrow's News",
  promote: "Moved from Tomorrow's News into today's voting",
  crown: "Crowned the winner",
  uncrown: "Replaced as winner: back in today's voting",
  retire: "Retired to the Archive",
  launch: "Launched: contract address set",
  migrate: "Stage set by the upgrade",
};

/** Details the words already say, left out of the row's facts. */
const SAID = new Set(["isTodaysNews", "isTomorrowsNews", "isPaid", "headlineId", "joins"]);

/** What an entry did, in words; an action or change this list does not know keeps its name. */
export function auditWords(entry: Pick<AuditEntry, "kind" | "action" | "details">): string {
  if (entry.kind === "transition") return TRANSITION_WORDS[entry.action] ?? entry.action;
  const words = AUDIT_ACTION_WORDS[entry.action];
  if (words === undefined) return entry.action;
  return typeof words === "string" ? words : words(entry.details);
}

/** The entry's other details as "name: value" facts ("reason: The payment was short"). */
export function auditFacts(details: Details): string[] {
  if (!details) return [];
  return Object.entries(details)
    .filter(([key, value]) => !SAID.has(key) && value !== null && value !== undefined)
    .map(([key, value]) => {
      const name = key.replace(/([A-Z])/g, " $1").toLowerCase();
      return `${name}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`;
    });
}
