import type { ArchiveEntry } from "@/common/archive";
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
                <time dateTime={archiveDay(entry)}>{formatArchiveDay(archiveDay(entry))}</time>
              </td>
              <td className="px-4 py-3 font-bold">{entry.title}</td>
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
            <p className="text-lg font-bold leading-snug">{entry.title}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-pixel text-[10px] uppercase leading-6">Date</dt>
              <dd>
                <time dateTime={archiveDay(entry)}>{formatArchiveDay(archiveDay(entry))}</time>
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
