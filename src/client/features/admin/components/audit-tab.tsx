import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "@/client/components/link";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { NativeLabel } from "@/client/components/ui/native-label";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { errorDetail } from "@/client/lib/api-client";
import { type AuditEntry, auditFacts, auditWords } from "@/common/audit";
import { headlinePath } from "@/common/headline-path";
import { localTimeZone } from "@/common/time";
import { formatEasternStamp, withLocalTime } from "@/common/time-text";
import { type AuditFilters, useAudit } from "../api/use-audit";
import { useAdminQueryError } from "../use-admin-query-error";

/**
 * The Audit tab: who did what and when, newest first: staff actions (the audit log) and every headline's
 * stage and list change, whoever made it (staff, the cycle job, the payment job). Filtered by headline or
 * by account, a page at a time.
 */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const audit = useAudit(filters);
  useAdminQueryError(audit.error);
  const ids = { headline: useId(), account: useId() };
  const top = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // A page turned by the pager: once it is drawn, the reader is taken to its first entry (issue 31). The
  // pressed button may be gone or disabled by then (the last page has no Older), and the bottom pager would
  // otherwise leave the new page scrolled to its end.
  const [turned, setTurned] = useState(false);
  const shown = audit.data?.page === filters.page && !audit.isPlaceholderData;
  useEffect(() => {
    if (!turned || !shown) return;
    setTurned(false);
    top.current?.scrollIntoView({ block: "start" });
    list.current?.focus({ preventScroll: true });
  }, [turned, shown]);
  const turnTo = (page: number) => {
    if (audit.isFetching) return;
    setFilters({ ...filters, page });
    setTurned(true);
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const headline = Number(form.get("headline"));
    const account = String(form.get("account") ?? "").trim();
    setFilters({
      page: 1,
      ...(Number.isInteger(headline) && headline > 0 && { headline }),
      ...(account && { account }),
    });
  };

  const pager = (where: "top" | "bottom") =>
    audit.data && (filters.page > 1 || audit.data.hasMore) ? (
      <AuditPager
        where={where}
        page={filters.page}
        hasMore={audit.data.hasMore}
        busy={audit.isFetching}
        onTurn={turnTo}
      />
    ) : null;

  return (
    <div ref={top} className="flex scroll-mt-4 flex-col gap-4">
      <form
        onSubmit={apply}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        aria-label="Filter the audit log"
      >
        <div className="flex flex-col gap-1">
          <NativeLabel htmlFor={ids.headline}>Headline id</NativeLabel>
          <Input id={ids.headline} name="headline" inputMode="numeric" pattern="[0-9]*" className="sm:w-40" />
        </div>
        <div className="flex flex-col gap-1">
          <NativeLabel htmlFor={ids.account}>Account or job</NativeLabel>
          <Input
            id={ids.account}
            name="account"
            autoComplete="off"
            placeholder="admin, job:cycle"
            className="sm:w-56"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Filter
          </Button>
          <Button type="reset" size="sm" variant="secondary" onClick={() => setFilters({ page: 1 })}>
            Clear
          </Button>
        </div>
      </form>

      {pager("top")}
      {audit.isPending ? (
        <SkeletonGroup label="Loading the audit log" className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </SkeletonGroup>
      ) : audit.isError ? (
        <Card role="alert" className="border-l-[12px] border-l-nes-red bg-paper">
          <CardHeader>
            <CardTitle>Error Loading the Audit Log</CardTitle>
            <CardDescription className="text-ink">
              {errorDetail(audit.error, "Please try again later.")}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : audit.data.entries.length === 0 ? (
        <Card className="bg-paper">
          <CardHeader>
            <CardTitle>Nothing Logged</CardTitle>
            <CardDescription className="text-ink">
              {filters.headline || filters.account
                ? "No entry matches these filters."
                : "Staff actions and headline changes appear here."}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ol
          ref={list}
          tabIndex={-1}
          aria-label={`Audit log, newest first, page ${filters.page}`}
          aria-busy={audit.isFetching}
          className="flex flex-col gap-2"
        >
          {audit.data.entries.map((entry) => (
            <AuditRow key={`${entry.kind}-${entry.id}`} entry={entry} />
          ))}
        </ol>
      )}

      {pager("bottom")}
    </div>
  );
}

/**
 * Newer and Older. While a page loads the buttons say so (aria-disabled) but stay focusable: a disabled
 * button under the keyboard drops focus to <body>.
 */
function AuditPager(props: {
  where: "top" | "bottom";
  page: number;
  hasMore: boolean;
  busy: boolean;
  onTurn: (page: number) => void;
}) {
  return (
    <nav aria-label={`Audit log pages (${props.where})`} className="flex items-center gap-3">
      <Button
        size="sm"
        variant="secondary"
        disabled={props.page <= 1}
        aria-disabled={props.busy || undefined}
        onClick={() => props.onTurn(props.page - 1)}
      >
        Newer
      </Button>
      <span className="text-sm">Page {props.page}</span>
      <Button
        size="sm"
        variant="secondary"
        disabled={!props.hasMore}
        aria-disabled={props.busy || undefined}
        onClick={() => props.onTurn(props.page + 1)}
      >
        Older
      </Button>
    </nav>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const facts = auditFacts(entry.details);
  return (
    <li className="flex flex-col gap-1 border-3 border-ink bg-paper p-3 text-sm shadow-pixel-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={entry.kind === "action" ? "purple" : "cyan"}>
          {entry.kind === "action" ? "Staff action" : "Change"}
        </Badge>
        <span className="font-bold">{entry.actor}</span>
        <time dateTime={entry.at} className="text-ink/80">
          {withLocalTime(entry.at, localTimeZone(), formatEasternStamp)}
        </time>
      </div>
      <p className="break-words text-base font-bold">{auditWords(entry)}</p>
      {entry.headlineId !== null ? (
        <p className="break-words">
          Headline #{entry.headlineId}
          {entry.headlineTitle ? (
            <>
              {": "}
              <Link
                to={headlinePath({ id: entry.headlineId, title: entry.headlineTitle })}
                className="underline"
              >
                {entry.headlineTitle}
              </Link>
            </>
          ) : null}
        </p>
      ) : entry.target ? (
        <p>Target #{entry.target}</p>
      ) : null}
      {facts.length > 0 ? (
        <ul className="flex flex-col text-ink-soft">
          {facts.map((fact) => (
            <li key={fact} className="break-words">
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
