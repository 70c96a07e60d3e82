import { TokenImage } from "@/client/components/token-image";
import type { ArchiveEntry } from "@/common/archive";
import { useArchiveEntries } from "../api/use-archive-entries";
import { useDeleteArchiveEntry } from "../api/use-delete-archive-entry";
import { CardActions, CardList, Fact } from "./admin-headline-card";
import { ConfirmButton } from "./confirm-button";
import { QueryState } from "./query-state";

export function ArchiveTab() {
  const archive = useArchiveEntries();
  return (
    <QueryState
      query={archive}
      loadingLabel="Loading the archive"
      errorTitle="Error loading archive data"
      emptyTitle="No archived editions yet"
      emptyText="A winner gets its Archive entry when it is moved to Yesterday's News."
    >
      {(items) => (
        <CardList label="Archive entries">
          {items.map((entry) => (
            <ArchiveCard key={entry.id} entry={entry} />
          ))}
        </CardList>
      )}
    </QueryState>
  );
}

function ArchiveCard({ entry }: { entry: ArchiveEntry }) {
  const remove = useDeleteArchiveEntry();
  return (
    <li className="flex min-w-0 flex-col gap-4 border-3 border-ink bg-paper p-4 shadow-pixel-sm">
      <div className="flex gap-4">
        <TokenImage
          item={{ imageUrl: entry.imageUrl, title: entry.title, symbol: entry.memeCoin }}
          alt=""
          tokenIcons={false}
          width={96}
          height={96}
          className="size-16 shrink-0 border-2 border-ink bg-paper-dark sm:size-24"
        />
        <h3 className="min-w-0 flex-1 font-serif text-lg font-bold leading-snug break-words">
          {entry.title}
        </h3>
      </div>
      {entry.description ? <p className="line-clamp-3 text-base text-ink-soft">{entry.description}</p> : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <Fact label="Votes">
          <span className="font-pixel text-xs">{entry.votes.toLocaleString("en-US")}</span>
        </Fact>
        <Fact label="Meme Coin">{entry.memeCoin || "—"}</Fact>
        <Fact label="Launched">
          <time dateTime={entry.launchDate}>{entry.launchDate}</time>
        </Fact>
      </dl>
      <CardActions>
        <ConfirmButton
          variant="destructive"
          tone="destructive"
          disabled={remove.isPending}
          steps={[
            {
              title: "Delete this archive entry?",
              description: `"${entry.title}" will disappear from the Archive. The headline itself is kept.`,
              confirmLabel: "Delete",
            },
          ]}
          onConfirm={() => remove.mutate(entry.id)}
        >
          Delete<span className="sr-only">: {entry.title}</span>
        </ConfirmButton>
      </CardActions>
    </li>
  );
}
