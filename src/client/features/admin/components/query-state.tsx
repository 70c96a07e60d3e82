import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { errorDetail } from "@/client/lib/api-client";
import { useAdminQueryError } from "../use-admin-query-error";

export interface QueryStateProps<T> {
  query: UseQueryResult<T[]>;
  /** What is loading, for screen readers ("Loading pending headlines"). */
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  emptyText: string;
  /** Narrows the list (the tabs that filter the one admin list); empty after filtering is "empty". */
  select?: (data: T[]) => T[];
  children: (items: T[]) => ReactNode;
}

/** Every dashboard list's loading, error and empty states, the same way in each tab. */
export function QueryState<T>({
  query,
  loadingLabel,
  errorTitle,
  emptyTitle,
  emptyText,
  select,
  children,
}: QueryStateProps<T>) {
  useAdminQueryError(query.error);

  if (query.isPending) {
    return (
      <SkeletonGroup label={loadingLabel} className="flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </SkeletonGroup>
    );
  }

  if (query.isError) {
    return (
      <Card role="alert" className="border-l-[12px] border-l-nes-red bg-paper">
        <CardHeader>
          <CardTitle>{errorTitle}</CardTitle>
          <CardDescription className="text-ink">
            {errorDetail(query.error, "Please try again later.")}
          </CardDescription>
        </CardHeader>
        <CardFooter>
          <Button variant="secondary" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        </CardFooter>
      </Card>
    );
  }

  const items = select ? select(query.data) : query.data;
  if (items.length === 0) {
    return (
      <Card className="bg-paper">
        <CardHeader>
          <CardTitle>{emptyTitle}</CardTitle>
          <CardDescription className="text-ink">{emptyText}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return <>{children(items)}</>;
}
