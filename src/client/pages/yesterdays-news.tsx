import { useState } from "react";
import { MessageCard } from "@/client/components/message-card";
import { PageHeading } from "@/client/components/page-heading";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { useUser } from "@/client/features/session/api/use-user";
import { useYesterdaysNews } from "@/client/features/yesterdays-news/api/use-yesterdays-news";
import { TokenCard } from "@/client/features/yesterdays-news/components/token-card";
import { useSiteConfig } from "@/client/lib/site-config";

/** Yesterday's News (also /old-news): the tokens launched so far. */
export function YesterdaysNews() {
  const { siteName } = useSiteConfig();
  const news = useYesterdaysNews();
  // Visitors get no pencil: only a logged-in account may edit (decisions page, "Accounts and roles").
  const canEdit = Boolean(useUser().data);
  const [editingId, setEditingId] = useState<number | null>(null);

  return (
    <>
      <PageHeading
        title="Yesterday's News: Launched Tokens"
        subtitle={`Review tokens recently launched by ${siteName}`}
      />
      {news.isPending ? (
        // As tall as the tokens that replace it: the footer stays below the fold instead of jumping down
        // when they arrive (layout shift 0.1 on phones, Lighthouse).
        <SkeletonGroup label="Loading launched tokens">
          <Skeleton className="h-[48rem]" />
        </SkeletonGroup>
      ) : news.isError ? (
        <MessageCard
          alert
          title="Error Loading Yesterday's News"
          text="Something went wrong while fetching previous tokens. Please try again later!"
        />
      ) : news.data.length === 0 ? (
        <MessageCard
          title="No Previous Tokens Yet"
          text="Stay tuned! Past tokens will appear here after they've been added."
        />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {news.data.map((token) => (
            <li key={token.id}>
              <TokenCard
                token={token}
                siteName={siteName}
                canEdit={canEdit}
                editing={editingId === token.id}
                // One card at a time: opening another card's form closes this one.
                onEditingChange={(editing) =>
                  setEditingId((current) => (editing ? token.id : current === token.id ? null : current))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
