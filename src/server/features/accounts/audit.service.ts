import type { Db } from "../../db/connect";
import { auditLog } from "../../db/schema";
import type { SessionAccount } from "./sessions.service";

export interface AuditEntry {
  account: SessionAccount;
  /** The method and the route pattern: "POST /api/admin/headlines/:id/approve". */
  action: string;
  /** The id the action was about, if any. */
  target?: string | null;
  /** A small JSON object; never passwords or other secrets. */
  details?: Record<string, unknown> | null;
}

/**
 * Writes one audit row. The staff guard calls this for every successful state-changing call it protects
 * (plugins/auth.ts); code that changes state for staff outside that scope calls it itself.
 */
export async function writeAudit(db: Pick<Db, "insert">, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    accountId: entry.account.id,
    username: entry.account.username,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    createdAt: now,
  });
}
