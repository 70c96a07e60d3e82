import { useParams } from "react-router";
import { EasternTime } from "@/client/components/eastern-time";
import { Link } from "@/client/components/link";
import { MessageCard } from "@/client/components/message-card";
import { PageHead } from "@/client/components/page-head";
import { PageHeading } from "@/client/components/page-heading";
import { ShareButton } from "@/client/components/share-button";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useEdition } from "@/client/features/editions/api/use-edition";
import { ApiError } from "@/client/lib/api-client";
import { useSiteConfig } from "@/client/lib/site-config";
import { AWAITING_EDITORS, TIE_RULE } from "@/common/crown-words";
import { editionDate } from "@/common/edition-date";
import type { EditionEntry, EditionRace } from "@/common/edition-record";
import { editionTitle } from "@/common/page-meta";
import { editionPath, launchReceiptPath } from "@/common/pages";
import { EASTERN, formatEasternClock } from "@/common/time";
import { NotFound } from "./not-found";
import { NotFoundHead } from "./not-found-head";

/** "8:00 PM ET on Thursday, November 26": when a race closes, on the paper's clock. */
function closingTime(at: Date | string): string {
  const day = new Date(at).toLocaleDateString("en-US", {
    timeZone: EASTERN,
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  return `${formatEasternClock(at)} on ${day}`;
}

/** A race's close with the reader's own time beside it when it differs (decisions, "Third wave"; issue 31). */
function Closing({ at }: { at: string }) {
  return <EasternTime at={at} format={closingTime} />;
}

/**
 * An edition's public record (/edition/{YYYY-MM-DD}, issue 22): each race of the day with every headline
 * ranked, the winner marked, votes voided by staff with their reasons, and the Tomorrow's News race that
 * qualified headlines; live until the close, final after it. The tally is open: the same numbers as CSV
 * and JSON from the API.
 */
export function Edition() {
  const day = useParams().date ?? "";
  const site = useSiteConfig();
  const edition = useEdition(day);

  if (edition.isPending) {
    return (
      <SkeletonGroup label="Loading the edition" className="flex flex-col gap-4">
        {/* The address names the day: the tab says it while the standings load. */}
        <title>{editionTitle(site.siteName, day)}</title>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-64" />
      </SkeletonGroup>
    );
  }
  if (edition.isError) {
    if (edition.error instanceof ApiError && edition.error.status < 500) {
      return (
        <>
          <NotFoundHead />
          <NotFound />
        </>
      );
    }
    return (
      <div className="flex max-w-xl flex-col items-start gap-4">
        <MessageCard
          alert
          title="Error loading this edition"
          text="Please try again later or refresh the page."
        />
        <Button onClick={() => edition.refetch()}>Try again</Button>
      </div>
    );
  }

  const record = edition.data;
  const last = record.races.at(-1);
  const winner = last?.headlines.find((h) => h.isWinner);
  const final = record.races.every((race) => race.final);
  // The leader the server's head names (findEditionLeader): the winner, or the first with votes.
  const leader = winner ?? last?.headlines.find((h) => h.rank === 1 && h.votes > 0) ?? null;
  const shareText = winner
    ? `"${winner.title}" won ${site.siteName}'s edition of ${editionDate(day)} with ${winner.votes} votes`
    : `${site.siteName}'s edition of ${editionDate(day)}: every headline and its votes`;
  return (
    <article className="flex flex-col gap-8">
      <PageHead
        title={editionTitle(site.siteName, day)}
        of={{
          edition: {
            day,
            leader: leader ? { title: leader.title, votes: leader.votes } : null,
            final: last?.final ?? final,
          },
        }}
        imageAlt={`${site.siteName}, ${editionDate(day)}${leader ? `: ${leader.title}` : ""}`}
      />
      <PageHeading
        title={`The Edition of ${editionDate(day)}`}
        subtitle={
          final
            ? "The final standings, frozen at the close: these numbers never change."
            : last && (
                <>
                  Live standings: voting closes at <Closing at={last.closesAt} />.
                </>
              )
        }
      >
        <div className="flex flex-wrap items-start gap-3">
          <ShareButton
            text={shareText}
            url={`${site.publicUrl ?? window.location.origin}${editionPath(day)}`}
            subject={`the edition of ${editionDate(day)}`}
          />
          <Button asChild variant="secondary" size="sm">
            <a href={`/api/editions/${day}.csv`} download>
              Download CSV
            </a>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a href={`/api/editions/${day}`}>Open tally (JSON)</a>
          </Button>
        </div>
        {record.launched ? (
          <p className="text-base">
            <Link to={launchReceiptPath(day)} className="underline underline-offset-4">
              The launch of the winner's coin: every transaction, on the public receipt
            </Link>
          </p>
        ) : null}
      </PageHeading>

      {/* How the ranks below are ordered, and how a tie is decided (decision 017). */}
      <p className="text-sm text-ink-soft">Tie rule: {TIE_RULE}</p>
      {record.races.map((race, i) => (
        <RaceRecord
          key={race.race}
          race={race}
          heading={record.races.length > 1 ? `Race ${i + 1} of ${record.races.length}` : "Today's Race"}
        />
      ))}

      <nav
        aria-label="Other editions"
        className="flex flex-wrap justify-between gap-3 border-t-3 border-ink pt-5"
      >
        {record.previous ? (
          <Link
            to={editionPath(record.previous)}
            className="underline underline-offset-4 min-h-11 inline-flex items-center"
          >
            ← The edition of {editionDate(record.previous)}
          </Link>
        ) : (
          <span />
        )}
        {record.next ? (
          <Link
            to={editionPath(record.next)}
            className="underline underline-offset-4 min-h-11 inline-flex items-center"
          >
            The edition of {editionDate(record.next)} →
          </Link>
        ) : null}
      </nav>
    </article>
  );
}

function RaceRecord({ race, heading }: { race: EditionRace; heading: string }) {
  const standing = race.headlines.filter((h) => !h.removed);
  const counted = standing.reduce((sum, h) => sum + h.votes, 0);
  const voided = standing.reduce((sum, h) => sum + h.voided, 0);
  // A removed headline's votes are on the record beside it, like voids, but not counted (issue 31).
  const removed = race.headlines.reduce((sum, h) => sum + (h.removed ? h.votes + h.voided : 0), 0);
  const id = `race-${race.race.replace(/\W/g, "")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-pixel text-sm sm:text-base">
          {heading}
        </h2>
        <p className="text-base text-ink-soft">
          {race.final ? "Closed" : "Closes"} at <Closing at={race.closesAt} /> · {counted} votes counted
          {voided > 0 ? `, ${voided} voided` : ""}
          {removed > 0 ? `, ${removed} on headlines removed by staff` : ""}
        </p>
      </div>
      <CrownNote race={race} />
      {race.headlines.length === 0 ? (
        <p className="border-3 border-ink bg-paper-dark p-4">No headline was in this race.</p>
      ) : (
        <Standings entries={race.headlines} label={`${heading}: standings`} />
      )}
      {race.qualifiers.length > 0 ? (
        <>
          <h3 className="font-pixel text-xs">Qualified from Tomorrow's News</h3>
          <p className="text-base text-ink-soft">
            Moved into the daily vote by the Tomorrow's News race, with the votes that ranked them.
          </p>
          <Standings entries={race.qualifiers} label={`${heading}: Tomorrow's News qualifiers`} />
        </>
      ) : null}
    </section>
  );
}

/**
 * Why the race has no winner yet (issue 30): a proposal in its veto window, a crown held for a flagged burst,
 * or nothing crowned and the editors to decide.
 */
function CrownNote({ race }: { race: EditionRace }) {
  const crown = race.crown;
  const title = crown?.headlineId ? race.headlines.find((h) => h.id === crown.headlineId)?.title : undefined;
  if (!crown) return null;
  return (
    <p
      className="border-3 border-l-[12px] border-ink border-l-nes-yellow bg-paper p-4 text-base"
      data-testid="edition-crown"
    >
      {crown.status === "awaiting" ? (
        <>
          <strong className="font-pixel text-xs uppercase">{AWAITING_EDITORS}</strong>: nothing was crowned.{" "}
          {crown.reason}
        </>
      ) : (
        <>
          <strong className="font-pixel text-xs uppercase">
            {crown.status === "proposed" ? "Proposed winner" : "Crown held"}
          </strong>
          : {title ? `"${title}"` : "the top headline"}
          {crown.crownAt ? (
            <>
              {" "}
              is crowned at <EasternTime at={crown.crownAt} format={formatEasternClock} /> unless the editors
              veto it.
            </>
          ) : null}
          {crown.status === "held"
            ? " A burst of votes flagged in the last hour could have decided the race."
            : ""}
        </>
      )}
    </p>
  );
}

function Standings({ entries, label }: { entries: EditionEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="border-3 border-ink bg-paper-dark shadow-pixel">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="grid grid-cols-[2.5rem_1fr_auto] items-start gap-3 border-b-2 border-ink/20 p-3 last:border-b-0 even:bg-paper sm:p-4"
        >
          <span className="font-pixel text-xs leading-7">
            <span className="sr-only">Rank </span>
            <span aria-hidden="true">#</span>
            {entry.rank}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            {entry.removed ? (
              // Its page is gone with it: the title is the record's, not a link to a missing page.
              <span className="font-bold break-words">{entry.title}</span>
            ) : (
              <Link to={entry.path} className="font-bold break-words underline underline-offset-4">
                {entry.title}
              </Link>
            )}
            {entry.removed ? (
              <p className="text-sm text-ink-soft">
                Removed by staff: its {entry.votes + entry.voided}{" "}
                {entry.votes + entry.voided === 1 ? "vote is" : "votes are"} not counted
              </p>
            ) : null}
            {entry.isWinner ? (
              <Badge variant="green" className="self-start">
                Winner
              </Badge>
            ) : null}
            {entry.voided > 0 ? (
              <p className="text-sm text-ink-soft">
                {entry.voided} {entry.voided === 1 ? "vote" : "votes"} voided by staff
                {entry.voidReasons.length > 0 ? `: ${entry.voidReasons.join("; ")}` : ""}
              </p>
            ) : null}
          </div>
          <span className="font-pixel text-xs leading-7 whitespace-nowrap">
            {entry.votes} {entry.votes === 1 ? "vote" : "votes"}
          </span>
        </li>
      ))}
    </ol>
  );
}
