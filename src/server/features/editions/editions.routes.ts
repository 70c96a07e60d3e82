import { EDITION_CSV_COLUMNS, EDITION_DATE, type EditionRecord } from "@/common/edition-record";
import { badRequest, notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { findEditionRecord } from "../headlines/editions.service";

export const BAD_EDITION_DATE = "The edition date must be a date in YYYY-MM-DD format.";
export const NO_EDITION = "No edition was printed on this date.";

/**
 * The open tally (issue 22): `GET /api/editions/{date}` as JSON, and `GET /api/editions/{date}.csv` with one
 * row per headline of each race, so anyone can recount what the edition page says. A final edition never
 * changes and may be kept a day; a live one is fetched fresh.
 */
export async function editionsRoutes(app: App): Promise<void> {
  const readEdition = async (day: string) => {
    if (!isEditionDate(day)) throw badRequest(BAD_EDITION_DATE);
    const edition = await findEditionRecord(app.db, day, new Date());
    if (!edition) throw notFound(NO_EDITION);
    return edition;
  };
  // An edition's page draws its first paint from the same record (lib/public-reads.ts).
  app.publicReads.add("/api/editions/:date", ({ date }) => readEdition(date ?? ""));
  app.get<{ Params: { date: string } }>("/api/editions/:date", async (request, reply) => {
    const csv = request.params.date.endsWith(".csv");
    const day = csv ? request.params.date.slice(0, -4) : request.params.date;
    const edition = await readEdition(day);
    const final = edition.races.every((race) => race.final);
    reply.header("cache-control", final ? "public, max-age=86400" : "no-cache");
    if (!csv) return edition;
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="edition-${day}.csv"`)
      .send(editionCsv(edition));
  });
}

/** A real calendar date in YYYY-MM-DD form (2026-02-30 is not). */
export function isEditionDate(text: string): boolean {
  if (!EDITION_DATE.test(text)) return false;
  const at = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

/** RFC 4180 rows; a cell a spreadsheet would run as a formula (=, +, -, @) is kept as text. */
export function editionCsv(edition: EditionRecord): string {
  const cell = (value: string | number) => {
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
      for (const e of entries)
        lines.push([e.id, e.title, name, e.votes, e.voided, e.rank].map(cell).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
