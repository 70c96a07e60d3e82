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
