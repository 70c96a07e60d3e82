import { sql } from "drizzle-orm";
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  TOKEN_FROM_ADDRESS,
} from "@/common/audit";
import type { HeadlineStage } from "@/common/headline";
import { type Db, rowsOf } from "../../db/connect";

/** The headline a staff action (audit_log row `a`) names: by its route's :id, or in its details. */
const ACTION_HEADLINE = sql.raw(`(CASE
  WHEN (a.action LIKE '%/headlines/:id%' OR a.action = '${TOKEN_FROM_ADDRESS}')
    AND a.target ~ '^[0-9]{1,9}$' THEN a.target::int
  WHEN a.details->>'headlineId' ~ '^[0-9]{1,9}$' THEN (a.details->>'headlineId')::int
END)`);

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
 * The Audit tab: the audit log's staff actions and the headlines' transitions in one list, newest first,
 * one row per action (issue 31). A staff action is about a headline when its route names one
 * (/headlines/:id), its details do (Make Winner, voids) or it moved it (Move Top 4's qualifying list); the
 * filters narrow both sides the same way. A transition a staff action made is that action's row, not a second
 * one: it is left out when its account wrote an audit row about the same headline at or after it, within a
 * minute (the row is written once the answer is sent, so never before). The changes no staff action covers
 * stay: a visitor's submission, the jobs', a winner another crown replaced. One page more than asked tells
 * hasMore.
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
        LEFT JOIN headlines h ON h.id = ${ACTION_HEADLINE}
        WHERE (${headline}::int IS NULL OR h.id = ${headline}::int
            OR a.details->'qualifying' @> jsonb_build_array(jsonb_build_object('id', ${headline}::int)))
          AND (${account}::text IS NULL OR a.username = ${account}::text)
        UNION ALL
        SELECT 'transition', t.id, t.created_at, t.actor, t.action, t.headline_id, h.title, NULL,
          t.from_stage, t.to_stage, NULL
        FROM headline_transitions t
        LEFT JOIN headlines h ON h.id = t.headline_id
        WHERE (${headline}::int IS NULL OR t.headline_id = ${headline}::int)
          AND (${account}::text IS NULL OR t.actor = ${account}::text)
          AND NOT (t.account_id IS NOT NULL AND EXISTS (
            SELECT 1 FROM audit_log a
            WHERE a.account_id = t.account_id
              AND a.created_at >= t.created_at AND a.created_at < t.created_at + interval '1 minute'
              AND (${ACTION_HEADLINE} = t.headline_id
                OR a.details->'qualifying' @> jsonb_build_array(jsonb_build_object('id', t.headline_id)))
          ))
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
