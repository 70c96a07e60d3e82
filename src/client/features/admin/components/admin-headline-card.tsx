import type { ReactNode } from "react";
import { TokenImage } from "@/client/components/token-image";
import { displayAuthor } from "@/common/author";
import type { Headline } from "@/common/headline";
import { formatEasternDay } from "@/common/time";

type CardHeadline = Pick<
  Headline,
  | "id"
  | "title"
  | "description"
  | "imageUrl"
  | "symbol"
  | "contractAddress"
  | "submittedBy"
  | "createdAt"
  | "votes"
>;

export function formatDay(iso: string): string {
  return formatEasternDay(iso, "short");
}

/**
 * One headline in a dashboard list: a card (not a table row), so it reads the same on a phone and a desktop.
 * Tabs add their badges, extra facts and actions.
 */
export function AdminHeadlineCard({
  headline,
  badges,
  facts,
  showDescription = true,
  children,
}: {
  headline: CardHeadline;
  badges?: ReactNode;
  /** Extra lines of the facts list, as <div><dt/><dd/></div> pairs (Fact). */
  facts?: ReactNode;
  showDescription?: boolean;
  children?: ReactNode;
}) {
  return (
    <li
      className="flex min-w-0 flex-col gap-4 border-3 border-ink bg-paper p-4 shadow-pixel-sm"
      data-testid="admin-headline"
    >
      <div className="flex gap-4">
        <TokenImage
          item={headline}
          alt=""
          tokenIcons={headline.contractAddress !== null}
          width={96}
          height={96}
          className="size-16 shrink-0 border-2 border-ink bg-paper-dark sm:size-24"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 className="font-serif text-lg font-bold leading-snug break-words">{headline.title}</h3>
          {badges ? <div className="flex flex-wrap gap-2">{badges}</div> : null}
        </div>
      </div>
      {showDescription && headline.description ? (
        <p className="line-clamp-3 text-base text-ink-soft">{headline.description}</p>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-base">
        <Fact label="Votes">
          <span className="font-pixel text-xs">{headline.votes.toLocaleString("en-US")}</span>
        </Fact>
        <Fact label="Submitted">
          <time dateTime={headline.createdAt}>{formatDay(headline.createdAt)}</time>
        </Fact>
        <Fact label="By">{displayAuthor(headline.submittedBy)}</Fact>
        {facts}
      </dl>
      {children}
    </li>
  );
}

/** One line of a card's facts list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-pixel text-[10px] uppercase leading-7">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** The list the cards sit in: one column on phones, two on wide screens. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      {children}
    </ul>
  );
}

/** A row of a card's buttons; they wrap on a phone and keep 44 px targets. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-3 border-t-2 border-ink/20 pt-4">{children}</div>;
}
