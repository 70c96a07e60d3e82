import {
  EDITION_CSV_COLUMNS,
  type EditionRecord,
  EditionRecordSchema,
  isEditionDate,
} from "@/common/edition-record";
import { LIVE_TOPICS } from "@/common/live";
import { badRequest, notFound } from "../../lib/http-error";
import { sendCached } from "../../lib/list-cache";
import type { App } from "../../types";
import { findEditionRecord } from "../headlines/editions.service";

export const BAD_EDITION_DATE = "The edition date must be a date in YYYY-MM-DD format.";
export const NO_EDITION = "No edition was printed on this date.";

/** What the record reads (votes, headlines, the settings' close, frozen standings): every list but notices. */
const EDITION_TOPICS = LIVE_TOPICS.filter((topic) => topic !== "notifications");

/**
 * The open tally (issue 22): `GET /api/editions/{date}` as JSON, and `GET /api/editions/{date}.csv` with one
 * row per headline of each race, so anyone can recount what the edition page says. A final edition never
 * changes and may be kept a day by any cache; a live one is answered `no-cache` from the list cache
 * (decision 006): read once, not per request (it takes some 8 statements), and dropped by any change
 * announced (a vote, a void, a move, the close), so a page that refetches after a change gets the new count.
 * Final editions are not kept in memory: every past day would stay there, and HTTP caches keep them anyway.
 */
export async function editionsRoutes(app: App): Promise<void> {
  // The record as the list cache keeps it; an edition's page draws its first paint from the same read.
  // The key is not the URL: the fast path (plugins/list-fast-path.ts) answers only parameterless lists.
  const readEdition = (day: string) => {
    if (!isEditionDate(day)) throw badRequest(BAD_EDITION_DATE);
    return app.listCache.json(
      `edition ${day}`,
      EDITION_TOPICS,
      EditionRecordSchema,
      async () => {
        const edition = await findEditionRecord(app.db, day, new Date());
        if (!edition) throw notFound(NO_EDITION);
        return edition;
      },
      { label: "/api/editions/:date", keep: (edition) => !isFinal(edition) },
    );
  };
  app.publicReads.add("/api/editions/:date", async ({ date }) => readEdition(date ?? ""), EDITION_TOPICS);
  app.get<{ Params: { date: string } }>("/api/editions/:date", async (request, reply) => {
    const csv = request.params.date.endsWith(".csv");
    const day = csv ? request.params.date.slice(0, -4) : request.params.date;
    const cached = await readEdition(day);
    const final = !cached.keepable;
    if (!csv) {
      if (!final) return sendCached(reply, cached);
      // The route's own answer, as before the cache: the ETag hook makes its ETag and 304s.
      return reply
        .type("application/json; charset=utf-8")
        .header("cache-control", FINAL_CACHE_CONTROL)
        .send(cached.body.toString("utf8"));
    }
    const edition = JSON.parse(cached.body.toString("utf8")) as EditionRecord;
    return reply
      .type("text/csv; charset=utf-8")
      .header("cache-control", final ? FINAL_CACHE_CONTROL : "no-cache")
      .header("content-disposition", `attachment; filename="edition-${day}.csv"`)
      .send(editionCsv(edition));
  });
}

const FINAL_CACHE_CONTROL = "public, max-age=86400";
const isFinal = (edition: EditionRecord) => edition.races.every((race) => race.final);

/** RFC 4180 rows; a cell a spreadsheet would run as a formula (=, +, -, @) is kept as text. */
export function editionCsv(edition: EditionRecord): string {
  const cell = (value: string | number | boolean) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [EDITION_CSV_COLUMNS.join(",")];
  for (const race of edition.races) {
    for (const [name, entries] of [
      ["today", race.headlines],
      ["tomorrow", race.qualifiers],
    ] as const) {
      for (const e of entries) {
        const row = [
          e.id,
          e.title,
          name,
          e.votes,
          e.voided,
          e.rank,
          race.race,
          race.closesAt,
          e.isWinner,
          e.removed,
        ];
        lines.push(row.map(cell).join(","));
      }
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
