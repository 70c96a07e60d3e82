import { useId, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import {
  TRENDING_HEADLINE_SOURCES,
  TRENDING_MESSAGES,
  type TrendingHeadline,
  type TrendingHeadlineSource,
} from "@/common/trending";
import { useTrendingHeadlineImport } from "../api/use-trending-headline-import";
import { useTrendingHeadlines } from "../api/use-trending-headlines";
import { HEADLINE_SOURCE_GROUPS, headlineSourceLabel } from "../trending-source-labels";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { useAdminQueryError } from "../use-admin-query-error";

function isHeadlineSource(value: string): value is TrendingHeadlineSource {
  return (TRENDING_HEADLINE_SOURCES as readonly string[]).includes(value);
}

/** Trending Headlines: pick a feed, read its stories, import the good ones into Tomorrow's News. */
export function TrendingHeadlinesTab() {
  const [source, setSource] = useState<TrendingHeadlineSource>("news");
  const headlines = useTrendingHeadlines(source);
  const selectId = useId();
  useAdminQueryError(headlines.error);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardDescription className="text-ink">
            Pick a news source and import its stories into Tomorrow&apos;s News, where visitors vote on them.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={selectId}>News source</Label>
            <NativeSelect
              id={selectId}
              value={source}
              onChange={(event) => {
                if (isHeadlineSource(event.target.value)) setSource(event.target.value);
              }}
            >
              {HEADLINE_SOURCE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.sources.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="blue"
            onClick={() => void headlines.refetch()}
            disabled={headlines.isFetching}
            className="sm:w-auto"
          >
            {headlines.isFetching ? "Fetching..." : "Refresh Headlines"}
          </Button>
        </CardContent>
      </Card>

      {headlines.isPending ? (
        <Spinner label="Loading trending headlines" />
      ) : headlines.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load headlines</AlertTitle>
          <AlertDescription>{failureText(headlines.error)}</AlertDescription>
        </Alert>
      ) : headlines.data.length === 0 ? (
        <Alert>
          <AlertTitle>No Headlines Found</AlertTitle>
          <AlertDescription>This source has no stories right now. Try another one.</AlertDescription>
        </Alert>
      ) : (
        <ul aria-label="Trending headlines" className="flex flex-col gap-4">
          {headlines.data.map((headline) => (
            <li key={headline.url}>
              <TrendingHeadlineItem headline={headline} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The twitter source's "not configured" answer is worth showing as is; any other failure gets the spec's text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) return error.detail;
  return TRENDING_MESSAGES.headlinesFailed;
}

function TrendingHeadlineItem({ headline }: { headline: TrendingHeadline }) {
  const importHeadline = useTrendingHeadlineImport();
  const onAdminError = useAdminMutationError();
  const [imported, setImported] = useState(false);

  function onImport() {
    importHeadline.mutate(headline, {
      onSuccess: () => {
        setImported(true);
        toast({
          title: "Headline imported",
          description: `"${headline.title}" was added to Tomorrow's News.`,
        });
      },
      onError: (error) => {
        // Already there: the server says so, and the button says the job is done.
        if (error instanceof ApiError && error.status === 409) {
          setImported(true);
          toast({ title: "Already imported", description: error.detail });
          return;
        }
        onAdminError(error, "Import failed", "Please try again later.");
      },
    });
  }

  return (
    <Card className="bg-paper">
      <CardHeader className="gap-3">
        <Badge variant="cyan" className="w-fit">
          {headlineSourceLabel(headline.source)}
        </Badge>
        <h3 className="font-serif text-lg leading-snug font-bold break-words">{headline.title}</h3>
        {headline.description ? (
          <p className="line-clamp-3 text-base wrap-anywhere">{headline.description}</p>
        ) : null}
      </CardHeader>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center sm:justify-between">
        <a
          href={headline.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center text-base break-all underline underline-offset-4 hover:bg-paper-dark"
        >
          Read the source<span className="sr-only"> of "{headline.title}" (opens in a new tab)</span>
        </a>
        <Button
          variant={imported ? "green" : "default"}
          onClick={onImport}
          disabled={imported || importHeadline.isPending}
          aria-label={`${imported ? "Imported" : "Import"}: ${headline.title}`}
        >
          {imported ? "Imported" : importHeadline.isPending ? "Importing..." : "Import"}
        </Button>
      </CardFooter>
    </Card>
  );
}
