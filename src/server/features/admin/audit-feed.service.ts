import { sql } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from "@/common/audit";
import type { HeadlineStage } from "@/common/headline";
import { type Db, rowsOf } from "../../db/connect";

interface Row {
  kind: "action" | "transition";
  id: number | string;
  at: Date | string;
  actor: string;
  action: string;
  headline_id: number | null;
  headline_title: string | null;
  target: string | null;
  from_stage: HeadlineStage | null;
  to_stage: HeadlineStage | null;
  details: Record<string, unknown> | null;
}

/**
 * The Audit tab: the audit log's staff actions and the headlines' transitions in one list, newest first.
 * A staff action is about a headline when its route names one (/headlines/:id) or its details do (Make
 * Winner, voids); the filters narrow both sides the same way. One page more than asked tells hasMore.
 */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const headline = query.headline ?? null;
  const account = query.account ?? null;
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT 'action' AS kind, a.id, a.created_at AS at, a.username AS actor, a.action,
          h.id AS headline_id, h.title AS headline_title, a.target, NULL AS from_stage, NULL AS to_stage,
          a.details
        FROM audit_log a
        LEFT JOIN headlines h ON h.id = (CASE
          WHEN a.action LIKE '%/headlines/:id%' AND a.target ~ '^[0-9]{1,9}$' THEN a.target::int
          WHEN a.details->>'headlineId' ~ '^[0-9]{1,9}$' THEN (a.details->>'headlineId')::int
        END)
        WHERE (${headline}::int IS NULL OR h.id = ${headline}::int)
          AND (${account}::text IS NULL OR a.username = ${account}::text)
        UNION ALL
        SELECT 'transition', t.id, t.created_at, t.actor, t.action, t.headline_id, h.title, NULL,
          t.from_stage, t.to_stage, NULL
        FROM headline_transitions t
        LEFT JOIN headlines h ON h.id = t.headline_id
        WHERE (${headline}::int IS NULL OR t.headline_id = ${headline}::int)
          AND (${account}::text IS NULL OR t.actor = ${account}::text)
      ) entries
      ORDER BY at DESC, kind, id DESC
      LIMIT ${AUDIT_PAGE_SIZE + 1} OFFSET ${offset}`),
  );
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(
      (r): AuditEntry => ({
        kind: r.kind,
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        actor: r.actor,
        action: r.action,
        headlineId: r.headline_id,
        headlineTitle: r.headline_title,
        target: r.target,
        fromStage: r.from_stage,
        toStage: r.to_stage,
        details: r.details,
      }),
    ),
    page: query.page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}
