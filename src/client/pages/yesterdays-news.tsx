import { paths } from "@/client/app/paths";
import { PageHeading } from "@/client/components/page-heading";
import { Card, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { useYesterdaysNews } from "@/client/features/yesterdays-news/api/use-yesterdays-news";
import { TokenCard } from "@/client/features/yesterdays-news/components/token-card";
import { useSiteConfig } from "@/client/lib/site-config";

/** Yesterday's News (also /old-news): the tokens launched so far. */
export function YesterdaysNews() {
  const { siteName } = useSiteConfig();
  const news = useYesterdaysNews();

  return (
    <>
      <PageHeading
        title="Yesterday's News: Launched Tokens"
        subtitle={`Review tokens recently launched by ${siteName}`}
      />
      {news.isPending ? (
        <Spinner label="Loading launched tokens" />
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
                shareUrl={`${window.location.origin}${paths.yesterdaysNews}`}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MessageCard({ title, text, alert = false }: { title: string; text: string; alert?: boolean }) {
  return (
    <Card
      role={alert ? "alert" : undefined}
      className={alert ? "border-l-[12px] border-l-nes-red" : undefined}
    >
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="text-ink">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
