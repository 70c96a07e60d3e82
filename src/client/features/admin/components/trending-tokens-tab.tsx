import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TokenImage } from "@/client/components/token-image";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { formatPrice, formatUsd, shortenAddress } from "@/common/format";
import {
  ImportTokenInputSchema,
  TRENDING_MESSAGES,
  TRENDING_TOKEN_SOURCES,
  type TrendingToken,
  type TrendingTokenSource,
} from "@/common/trending";
import { useTokenImport } from "../api/use-token-import";
import { useTrendingTokens } from "../api/use-trending-tokens";
import { TOKEN_SOURCE_LABELS, tokenSourceLabel } from "../trending-source-labels";
import { useAdminMutationError } from "../use-admin-mutation-error";
import { useAdminQueryError } from "../use-admin-query-error";

function isTokenSource(value: string): value is TrendingTokenSource {
  return (TRENDING_TOKEN_SOURCES as readonly string[]).includes(value);
}

/** Trending Tokens: the hot tokens of DexScreener and Jupiter, imported into Yesterday's News; and by hand. */
export function TrendingTokensTab() {
  const [source, setSource] = useState<TrendingTokenSource>("dexscreener");
  const tokens = useTrendingTokens(source);
  const selectId = useId();
  useAdminQueryError(tokens.error);

  return (
    <div className="flex flex-col gap-8">
      <section aria-label="Trending tokens" className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardDescription className="text-ink">
              Import a trending token into Yesterday&apos;s News with its market data.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-2">
              <Label htmlFor={selectId}>Token source</Label>
              <NativeSelect
                id={selectId}
                value={source}
                onChange={(event) => {
                  if (isTokenSource(event.target.value)) setSource(event.target.value);
                }}
              >
                {TRENDING_TOKEN_SOURCES.map((value) => (
                  <option key={value} value={value}>
                    {TOKEN_SOURCE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button variant="blue" onClick={() => void tokens.refetch()} disabled={tokens.isFetching}>
              {tokens.isFetching ? "Fetching..." : "Refresh Tokens"}
            </Button>
          </CardContent>
        </Card>

        {tokens.isPending ? (
          <Spinner label="Loading trending tokens" />
        ) : tokens.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load tokens</AlertTitle>
            <AlertDescription>{TRENDING_MESSAGES.tokensFailed}</AlertDescription>
          </Alert>
        ) : tokens.data.length === 0 ? (
          <Alert>
            <AlertTitle>No Tokens Found</AlertTitle>
            <AlertDescription>This source lists no tokens right now. Try another one.</AlertDescription>
          </Alert>
        ) : (
          <ul aria-label="Trending tokens" className="grid gap-4 lg:grid-cols-2">
            {tokens.data.map((token) => (
              <li key={`${token.source}-${token.contractAddress}`}>
                <TrendingTokenItem token={token} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ManualTokenImportForm />
    </div>
  );
}

function TrendingTokenItem({ token }: { token: TrendingToken }) {
  const importToken = useTokenImport();
  const onAdminError = useAdminMutationError();
  const [imported, setImported] = useState(false);
  const name = token.symbol ? `${token.title} (${token.symbol})` : token.title;

  function onImport() {
    importToken.mutate(
      {
        contractAddress: token.contractAddress,
        // The import's limits: a source's long name or blurb must not turn into a refused import.
        title: token.title.slice(0, 100),
        description: token.description.slice(0, 500),
        source: token.source.slice(0, 50),
      },
      {
        onSuccess: () => {
          setImported(true);
          toast({ title: "Token imported", description: `${token.title} was added to Yesterday's News.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setImported(true);
            toast({ title: "Already imported", description: error.detail });
            return;
          }
          onAdminError(error, "Import failed", "Please try again later.");
        },
      },
    );
  }

  const stats: [string, string][] = [];
  if (token.price !== null) stats.push(["Price", formatPrice(token.price)]);
  if (token.marketCap !== null) stats.push(["Market Cap", formatUsd(token.marketCap)]);
  if (token.volume24h !== null) stats.push(["24h Volume", formatUsd(token.volume24h)]);

  return (
    <Card className="h-full bg-paper">
      <div className="flex gap-4 p-4">
        <TokenImage
          item={token}
          alt={`${token.symbol || token.title} token image`}
          width={72}
          height={72}
          className="size-18 shrink-0 overflow-hidden border-3 border-ink bg-night"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-serif text-lg leading-snug font-bold break-words">{name}</h3>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="cyan">{tokenSourceLabel(token.source)}</Badge>
            <code className="font-mono text-sm text-ink-soft" title={token.contractAddress}>
              {shortenAddress(token.contractAddress)}
            </code>
          </div>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-4 px-4 pb-4">
        {token.description ? (
          <p className="line-clamp-2 text-base wrap-anywhere">{token.description}</p>
        ) : null}
        {stats.length > 0 ? (
          <dl className="flex flex-col gap-2 border-3 border-ink bg-paper-dark p-3 sm:grid sm:grid-cols-3 sm:gap-3">
            {stats.map(([label, value]) => (
              <div
                key={label}
                className="flex min-w-0 items-baseline justify-between gap-2 sm:flex-col sm:gap-1"
              >
                <dt className="font-pixel text-[10px] uppercase leading-relaxed">{label}</dt>
                <dd className="font-pixel text-xs">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <Button
          variant={imported ? "green" : "default"}
          onClick={onImport}
          disabled={imported || importToken.isPending}
          aria-label={`${imported ? "Imported" : "Import"}: ${name}`}
          className="mt-auto"
        >
          {imported ? "Imported" : importToken.isPending ? "Importing..." : "Import"}
        </Button>
      </div>
    </Card>
  );
}

type ManualImportValues = z.input<typeof ImportTokenInputSchema>;

/** Manual Token Import: a contract address (and optionally a name and blurb) straight into Yesterday's News. */
function ManualTokenImportForm() {
  const importToken = useTokenImport();
  const onAdminError = useAdminMutationError();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ManualImportValues, unknown, z.output<typeof ImportTokenInputSchema>>({
    resolver: zodResolver(ImportTokenInputSchema),
    defaultValues: { contractAddress: "", title: "", description: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    importToken.mutate(values, {
      onSuccess: (headline) => {
        toast({ title: "Token imported", description: `${headline.title} was added to Yesterday's News.` });
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          onAdminError(error, "Import failed");
          return;
        }
        // A duplicate has its own, clearer reason; everything else gets the spec's inline text.
        setFailure(
          error instanceof ApiError && error.status === 409
            ? error.detail
            : TRENDING_MESSAGES.tokenImportFailed,
        );
      },
    });
  });

  const fieldIds = {
    address: `${id}-address`,
    title: `${id}-title`,
    description: `${id}-description`,
  };
  const addressHint = "A Solana mint address, 32 to 44 characters.";
  const defaultsHint = "Optional: left empty, it is built from the address.";

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <CardHeader>
          <h3 id={`${id}-heading`} className="font-pixel text-xs leading-relaxed sm:text-sm">
            Manual Token Import
          </h3>
          <CardDescription className="text-ink">
            Add a token to Yesterday&apos;s News by its contract address.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <FormField
              id={fieldIds.address}
              label="Contract address"
              hint={addressHint}
              error={errors.contractAddress?.message}
            >
              <Input
                id={fieldIds.address}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-invalid={errors.contractAddress ? true : undefined}
                aria-describedby={describedBy(fieldIds.address, {
                  hint: addressHint,
                  error: errors.contractAddress?.message,
                })}
                {...form.register("contractAddress")}
              />
            </FormField>
            <FormField id={fieldIds.title} label="Title" hint={defaultsHint} error={errors.title?.message}>
              <Input
                id={fieldIds.title}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={describedBy(fieldIds.title, {
                  hint: defaultsHint,
                  error: errors.title?.message,
                })}
                {...form.register("title")}
              />
            </FormField>
            <FormField
              id={fieldIds.description}
              label="Description"
              hint={defaultsHint}
              error={errors.description?.message}
            >
              <Textarea
                id={fieldIds.description}
                rows={3}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy(fieldIds.description, {
                  hint: defaultsHint,
                  error: errors.description?.message,
                })}
                {...form.register("description")}
              />
            </FormField>
            {failure ? (
              <Alert variant="destructive">
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            ) : null}
            <Button type="submit" disabled={importToken.isPending} className="sm:w-fit">
              {importToken.isPending ? "Importing..." : "Import Token"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
