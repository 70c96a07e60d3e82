import { Link } from "@/client/components/link";
import type { ArchiveEntry } from "@/common/archive";
import { headlinePath } from "@/common/headline-path";
import { editionPath } from "@/common/pages";
import { archiveDay, formatArchiveDay, memeCoinLabel } from "../group-archive-by-month";
import { ArchiveDetailsDialog } from "./archive-details-dialog";

const headCell = "border-b-3 border-ink px-4 py-3 text-left font-pixel text-[10px] uppercase";

/**
 * One month of the archive. Wide screens get the spec's table (Date, Headline, Meme Coin, Votes,
 * Actions); phones get the same entries as stacked rows, so nothing is cut off or scrolls sideways.
 */
export function ArchiveTable({ entries, monthLabel }: { entries: ArchiveEntry[]; monthLabel: string }) {
  return (
    <div className="border-3 border-ink bg-paper-dark shadow-pixel">
      <table className="hidden w-full border-collapse md:table">
        <caption className="sr-only">Archived editions of {monthLabel}</caption>
        <thead className="bg-ink text-paper">
          <tr>
            <th scope="col" className={headCell}>
              Date
            </th>
            <th scope="col" className={headCell}>
              Headline
            </th>
            <th scope="col" className={headCell}>
              Meme Coin
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Votes
            </th>
            <th scope="col" className={headCell}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b-2 border-ink/20 last:border-b-0 even:bg-paper">
              <td className="px-4 py-3 whitespace-nowrap">
                <EntryDay entry={entry} />
              </td>
              <td className="px-4 py-3 font-bold">
                <EntryTitle entry={entry} />
              </td>
              <td className="px-4 py-3">{memeCoinLabel(entry)}</td>
              <td className="px-4 py-3 text-right font-pixel text-xs">
                {entry.votes.toLocaleString("en-US")}
              </td>
              <td className="px-4 py-3">
                <ArchiveDetailsDialog entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="md:hidden" aria-label={`Archived editions of ${monthLabel}`}>
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-3 border-b-3 border-ink p-4 last:border-b-0 even:bg-paper"
          >
            <p className="text-lg font-bold leading-snug">
              <EntryTitle entry={entry} />
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-pixel text-[10px] uppercase leading-6">Date</dt>
              <dd>
                <EntryDay entry={entry} />
              </dd>
              <dt className="font-pixel text-[10px] uppercase leading-6">Meme Coin</dt>
              <dd className="break-words">{memeCoinLabel(entry)}</dd>
              <dt className="font-pixel text-[10px] uppercase leading-6">Votes</dt>
              <dd className="font-pixel text-xs leading-6">{entry.votes.toLocaleString("en-US")}</dd>
            </dl>
            <ArchiveDetailsDialog entry={entry} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const linkClass = "underline underline-offset-4";

/** The headline's title, linking its own page when the entry has its headline on record (issue 31). */
function EntryTitle({ entry }: { entry: ArchiveEntry }) {
  if (!entry.headlineId) return entry.title;
  return (
    <Link to={headlinePath({ id: entry.headlineId, title: entry.title })} className={linkClass}>
      {entry.title}
    </Link>
  );
}

/** The entry's day, linking that edition's standings when its race is on record (issue 31). */
function EntryDay({ entry }: { entry: ArchiveEntry }) {
  const day = <time dateTime={archiveDay(entry)}>{formatArchiveDay(archiveDay(entry))}</time>;
  if (!entry.editionDate) return day;
  return (
    <Link to={editionPath(entry.editionDate)} className={linkClass}>
      {day}
    </Link>
  );
}
