import { EDITION_CSV_COLUMNS, type EditionRecord, isEditionDate } from "@/common/edition-record";
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
  app.get<{ Params: { date: string } }>("/api/editions/:date", async (request, reply) => {
    const csv = request.params.date.endsWith(".csv");
    const day = csv ? request.params.date.slice(0, -4) : request.params.date;
    if (!isEditionDate(day)) throw badRequest(BAD_EDITION_DATE);
    const edition = await findEditionRecord(app.db, day, new Date());
    if (!edition) throw notFound(NO_EDITION);
    const final = edition.races.every((race) => race.final);
    reply.header("cache-control", final ? "public, max-age=86400" : "no-cache");
    if (!csv) return edition;
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="edition-${day}.csv"`)
      .send(editionCsv(edition));
  });
}

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
        const row = [e.id, e.title, name, e.votes, e.voided, e.rank, race.race, race.closesAt, e.isWinner];
        lines.push(row.map(cell).join(","));
      }
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
