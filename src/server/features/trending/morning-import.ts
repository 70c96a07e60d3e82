import { and, gt, sql } from "drizzle-orm";
import type { TrendingHeadline, TrendingHeadlineSource } from "@/common/trending";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import { type Actor, createHeadlineIn } from "../headlines/headline-stage";
import {
  cut,
  fetchTrendingHeadlines,
  fitDescription,
  IMPORT_TITLE_MAX,
  type TrendingDeps,
} from "./trending.service";

/**
 * The autopilot's morning import (issue 30): trending headlines from the configured sources into Tomorrow's
 * News. A story already here is skipped, by its link (the UNIQUE source URL, ever) or by its title once
 * normalized (against every headline of the last DEDUP_DAYS days, deleted ones included: staff deleted it for
 * a reason). Headlines from trusted sources join Tomorrow's News at once; the others wait in Pending
 * Approval and go to Tomorrow's News when approved.
 */

export const DEDUP_DAYS = 30;
/** At most this many headlines per source and morning: a feed of 100 items would drown the race. */
export const IMPORT_PER_SOURCE = 5;

/**
 * A title as compared for duplicates, in SQL so that both sides are normalized by one rule: lower case,
 * every run of anything but letters and digits one space, trimmed ("Moon Cat's rally!" = "moon cat s rally").
 */
const normalized = (title: ReturnType<typeof sql> | string) =>
  sql`btrim(regexp_replace(lower(${title}), '[^[:alnum:]]+', ' ', 'g'))`;

export interface MorningImportResult {
  imported: number;
  approved: number;
  duplicates: number;
  /** Sources that could not be read (the others were still imported). */
  failed: string[];
}

export async function importMorningHeadlines(
  db: Db,
  deps: TrendingDeps,
  sources: readonly TrendingHeadlineSource[],
  trusted: readonly TrendingHeadlineSource[],
  actor: Actor,
  now: Date,
): Promise<MorningImportResult> {
  const result: MorningImportResult = { imported: 0, approved: 0, duplicates: 0, failed: [] };
  for (const source of sources) {
    let items: TrendingHeadline[];
    try {
      items = await fetchTrendingHeadlines(source, deps);
    } catch {
      result.failed.push(source);
      continue;
    }
    const isTrusted = trusted.includes(source);
    for (const item of items.slice(0, IMPORT_PER_SOURCE)) {
      const added = await importOne(db, item, isTrusted, actor, now);
      if (!added) result.duplicates += 1;
      else {
        result.imported += 1;
        if (isTrusted) result.approved += 1;
      }
    }
  }
  if (result.failed.length === sources.length && sources.length > 0)
    throw new Error(`no source could be read (${result.failed.join(", ")})`);
  return result;
}

async function importOne(
  db: Db,
  item: TrendingHeadline,
  trusted: boolean,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const title = cut(item.title.replace(/\s+/g, " ").trim(), IMPORT_TITLE_MAX);
  if (title.length < 5) return false;
  return db.transaction(async (tx) => {
    // One import at a time compares titles: two processes never both miss each other's insert.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4617)`);
    const since = new Date(now.getTime() - DEDUP_DAYS * 24 * 60 * 60_000);
    const [same] = await tx
      .select({ id: headlines.id })
      .from(headlines)
      .where(
        and(
          gt(headlines.createdAt, since),
          sql`${normalized(sql`${headlines.title}`)} = ${normalized(title)}`,
        ),
      )
      .limit(1);
    if (same) return false;
    const row = await createHeadlineIn(
      tx,
      trusted ? "importNews" : "importForReview",
      {
        title,
        description: fitDescription(item.description ?? "", item.title, item.source),
        imageUrl: null,
        submittedBy: "admin",
        createdAt: now,
        importedNews: true,
        source: item.source,
        sourceUrl: item.url,
      },
      actor,
      now,
      true,
    );
    return row !== undefined;
  });
}
