import { useId } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { EASTERN, localTimeBeside, localTimeZone } from "@/common/time";
import {
  type ClusterKind,
  type HeadlineEvidence,
  hashPrefix,
  SUSPICIOUS_BURST,
  type VoteCluster,
  type VoteEvidence,
  WINNER_CHOSEN,
} from "@/common/vote-evidence";
import { useVoidVotes } from "../api/use-void-votes";
import { useVoteEvidence } from "../api/use-vote-evidence";
import { ConfirmButton } from "./confirm-button";
import { QueryState } from "./query-state";
import { Reason } from "./reason";

const selectHeadlines = (evidence: VoteEvidence) => evidence.headlines;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "3:04 PM" in a zone: the votes' times on the paper's clock (ET), and the staff member's own beside them. */
const time = (iso: string, zone: string = EASTERN) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" });

const KIND_LABEL: Record<ClusterKind, string> = { network: "network", userAgent: "browser" };

/**
 * Vote Evidence: each headline of the current cycle with its votes grouped by network and by browser (user
 * agent), named by short prefixes of keyed hashes, never addresses. A network that cast a burst is marked,
 * and any group can be voided until the cycle's winner is chosen.
 */
export function VoteEvidenceTab() {
  const evidence = useVoteEvidence();
  const headlines = useVoteEvidence(selectHeadlines);
  const winnerChosen = evidence.data?.winnerChosen ?? false;
  return (
    <>
      <p className="text-base text-ink-soft">
        This cycle's votes, grouped by network (IPv4 /24, IPv6 /64) and by browser. Groups are named by a
        keyed hash, never an address. A network is marked when {SUSPICIOUS_BURST.votes} or more of its votes
        on one headline came within {SUSPICIOUS_BURST.minutes} minutes.
      </p>
      {winnerChosen ? (
        <Alert variant="info">
          <AlertTitle>Winner chosen</AlertTitle>
          <AlertDescription>{WINNER_CHOSEN}</AlertDescription>
        </Alert>
      ) : null}
      <QueryState
        query={headlines}
        loadingLabel="Loading vote evidence"
        errorTitle="Error loading vote evidence"
        emptyTitle="No Headlines in Voting"
        emptyText="Headlines in this cycle's voting appear here with their votes."
      >
        {(items) => (
          <ul aria-label="Vote evidence, most votes first" className="flex flex-col gap-4">
            {items.map((headline) => (
              <EvidenceCard key={headline.id} headline={headline} canVoid={!winnerChosen} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

function EvidenceCard({ headline, canVoid }: { headline: HeadlineEvidence; canVoid: boolean }) {
  const bursts = headline.networks.filter((c) => c.flagged).length;
  return (
    <li
      className="flex min-w-0 flex-col gap-4 border-3 border-ink bg-paper p-4 shadow-pixel-sm"
      data-testid="vote-evidence-headline"
    >
      <div className="flex flex-col gap-2">
        <h3 className="font-serif text-lg font-bold leading-snug break-words">{headline.title}</h3>
        <div className="flex flex-wrap gap-2">
          <Badge variant="paper" data-testid="vote-evidence-votes">
            {count(headline.votes, "vote")}
          </Badge>
          {bursts > 0 ? <Badge variant="red">{count(bursts, "burst")}</Badge> : null}
          {headline.voided > 0 ? (
            <Badge variant="ink">{headline.voided.toLocaleString("en-US")} voided</Badge>
          ) : null}
          {headline.withoutEvidence > 0 ? (
            <Badge variant="paper">{headline.withoutEvidence.toLocaleString("en-US")} without evidence</Badge>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ClusterList
          headline={headline}
          kind="network"
          title="By network"
          clusters={headline.networks}
          more={headline.moreNetworks}
          canVoid={canVoid}
        />
        <ClusterList
          headline={headline}
          kind="userAgent"
          title="By browser"
          clusters={headline.userAgents}
          more={headline.moreUserAgents}
          canVoid={canVoid}
        />
      </div>
    </li>
  );
}

function ClusterList({
  headline,
  kind,
  title,
  clusters,
  more,
  canVoid,
}: {
  headline: HeadlineEvidence;
  kind: ClusterKind;
  title: string;
  clusters: VoteCluster[];
  more: number;
  canVoid: boolean;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-label={`${title}: ${headline.title}`}>
      <h4 className="font-pixel text-[10px] uppercase leading-relaxed">{title}</h4>
      {clusters.length === 0 ? (
        <p className="text-base text-ink-soft">No votes with evidence.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {clusters.map((cluster) => (
            <ClusterRow
              key={cluster.hash}
              headline={headline}
              kind={kind}
              cluster={cluster}
              canVoid={canVoid}
            />
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-sm text-ink-soft">
          and {count(more, `smaller ${KIND_LABEL[kind]}`, `smaller ${KIND_LABEL[kind]}s`)} not listed
        </p>
      ) : null}
    </section>
  );
}

function ClusterRow({
  headline,
  kind,
  cluster,
  canVoid,
}: {
  headline: HeadlineEvidence;
  kind: ClusterKind;
  cluster: VoteCluster;
  canVoid: boolean;
}) {
  const voidVotes = useVoidVotes();
  const reasonId = useId();
  const prefix = hashPrefix(cluster.hash);
  const what = `${KIND_LABEL[kind]} ${prefix}`;
  const variety =
    kind === "network"
      ? [count(cluster.addresses, "address", "addresses"), count(cluster.userAgents, "browser")]
      : [count(cluster.addresses, "address", "addresses"), count(cluster.networks, "network")];
  return (
    <li
      className={`flex flex-col items-start gap-2 border-2 border-ink bg-paper-dark p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4 ${
        cluster.flagged ? "border-l-8 border-l-nes-red" : ""
      }`}
      data-testid="vote-cluster"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm font-bold" title={`Hash prefix of this ${KIND_LABEL[kind]}`}>
            {prefix}
          </code>
          {cluster.flagged ? <Badge variant="red">Burst</Badge> : null}
        </div>
        <p className="text-sm">
          <strong>{count(cluster.votes, "vote")}</strong> · {variety.join(" · ")}
        </p>
        <p className="text-sm text-ink-soft">
          Peak {cluster.peak} in {SUSPICIOUS_BURST.minutes} min ·{" "}
          <VoteTimes first={cluster.firstVoteAt} last={cluster.lastVoteAt} />
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-1 sm:max-w-56 sm:items-end sm:text-right">
        <ConfirmButton
          size="sm"
          variant="destructive"
          tone="destructive"
          disabled={!canVoid || voidVotes.isPending}
          aria-describedby={canVoid ? undefined : reasonId}
          steps={[
            {
              title: "Void these votes?",
              description: `The ${count(cluster.votes, "vote")} on "${headline.title}" from ${what} will stop counting. Those visitors cannot vote again this cycle. The action is recorded in the audit log.`,
              confirmLabel: "Void Votes",
            },
          ]}
          onConfirm={() => voidVotes.mutate({ headlineId: headline.id, by: kind, hash: cluster.hash })}
        >
          Void
          <span className="sr-only">
            : {count(cluster.votes, "vote")} from {what}
          </span>
        </ConfirmButton>
        {/* The server refuses a void once the winner is chosen (WINNER_CHOSEN): the reason, beside it. */}
        {canVoid ? null : <Reason id={reasonId}>{WINNER_CHOSEN}</Reason>}
      </div>
    </li>
  );
}

/** "3:04–3:40 PM ET (12:04–12:40 PM your time)": when a cluster's votes came, Eastern first. */
function VoteTimes({ first, last }: { first: string; last: string }) {
  const zone = localTimeZone();
  const range = (z?: string) =>
    time(first, z) === time(last, z) ? time(first, z) : `${time(first, z)}–${time(last, z)}`;
  const local = zone && localTimeBeside(first, zone) ? range(zone) : null;
  return (
    <>
      <time dateTime={first}>{time(first)}</time>
      {time(last) === time(first) ? null : (
        <>
          –<time dateTime={last}>{time(last)}</time>
        </>
      )}{" "}
      ET{local ? ` (${local} your time)` : null}
    </>
  );
}
