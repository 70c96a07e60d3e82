import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { ChartIcon, CoinIcon } from "@/client/components/icons";
import { TokenImage } from "@/client/components/token-image";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { formatPrice, formatUsd } from "@/common/format";
import type { TokenInfo } from "@/common/trending";
import { useGenerateToken } from "../api/use-generate-token";
import { useTokenInfo } from "../api/use-token-info";
import { checkGenerateTokenInput } from "../generate-token-input";
import { useAdminMutationError } from "../use-admin-mutation-error";

/** The status line of the HTTP answers this call can give, for the spec's "Failed to fetch token info: {status text}". */
const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

function statusText(error: unknown): string {
  if (error instanceof ApiError) return STATUS_TEXT[error.status] ?? String(error.status);
  return "Network error";
}

const HINT = "Paste a Solana address, or a DexScreener, Birdeye, pump.fun, Jupiter or Raydium link.";

/**
 * "Add New Old News Item from Contract Address": look a token up by its address (or a pasted link), check the
 * preview, then create it on Yesterday's News with its market data.
 */
export function GenerateTokenForm() {
  const id = useId();
  const inputId = `${id}-address`;
  const inputRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<TokenInfo | null>(null);
  const lookup = useTokenInfo();
  const generate = useGenerateToken();
  const onAdminError = useAdminMutationError();

  function refuse(message: string) {
    setError(message);
    inputRef.current?.focus();
  }

  function onLookup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkGenerateTokenInput(value);
    if (check.fromUrl && check.address !== "") {
      setValue(check.address);
      toast({
        title: "URL detected",
        description: (
          <>
            Contract address extracted from the URL:{" "}
            <span className="font-mono text-sm break-all">{check.address}</span>
          </>
        ),
      });
    }
    setInfo(null);
    if (!check.ok) {
      refuse(check.error);
      return;
    }
    setError(null);
    lookup.mutate(check.address, {
      onSuccess: (found) => {
        setInfo(found);
        // The preview appears below the form: take keyboard and screen-reader users there.
        requestAnimationFrame(() => previewRef.current?.focus());
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 404) {
          refuse("Token not found");
          toast({
            variant: "destructive",
            title: "Token not found",
            description: "No market lists this contract address yet.",
          });
          return;
        }
        if (failure instanceof ApiError && failure.status === 400) {
          refuse(failure.detail);
          return;
        }
        onAdminError(failure, `Failed to fetch token info: ${statusText(failure)}`);
      },
    });
  }

  function onCreate(token: TokenInfo) {
    generate.mutate(
      {
        // The server's limits; a long name or blurb from the market must not make the creation fail.
        title: token.name.slice(0, 100),
        description: token.description.slice(0, 500),
        imageUrl: token.imageUrl,
        symbol: token.symbol ? token.symbol.slice(0, 20) : null,
        contractAddress: token.contractAddress,
        price: token.price,
        marketCap: token.marketCap,
        volume24h: token.volume24h,
        chartUrl: token.chartUrl || null,
        buyUrl: token.buyUrl || null,
      },
      {
        onSuccess: () => {
          toast({ title: "Token created", description: `${token.name} was added to Yesterday's News.` });
          setInfo(null);
          setValue("");
          inputRef.current?.focus();
        },
        onError: (failure) => onAdminError(failure, "Failed to generate token"),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader>
          <h3 id={`${id}-title`} className="font-pixel text-xs leading-relaxed sm:text-sm">
            Add New Old News Item from Contract Address
          </h3>
          <CardDescription className="text-ink">
            Looks the token up on the market and adds it to Yesterday&apos;s News as a launched token.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <form noValidate onSubmit={onLookup} className="flex flex-col gap-4">
            <FormField id={inputId} label="Contract address or URL" hint={HINT} error={error}>
              <Input
                ref={inputRef}
                id={inputId}
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  if (error) setError(null);
                }}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(inputId, { hint: HINT, error })}
              />
            </FormField>
            <Button type="submit" variant="blue" disabled={lookup.isPending} className="sm:w-fit">
              {lookup.isPending ? "Looking up..." : "Look Up Token"}
            </Button>
          </form>

          {info ? (
            <TokenPreview
              info={info}
              headingRef={previewRef}
              creating={generate.isPending}
              onCreate={() => onCreate(info)}
              onDiscard={() => {
                setInfo(null);
                inputRef.current?.focus();
              }}
            />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

function TokenPreview({
  info,
  headingRef,
  creating,
  onCreate,
  onDiscard,
}: {
  info: TokenInfo;
  headingRef: RefObject<HTMLHeadingElement | null>;
  creating: boolean;
  onCreate: () => void;
  onDiscard: () => void;
}) {
  const stats: [string, string][] = [];
  if (info.price !== null) stats.push(["Price", formatPrice(info.price)]);
  if (info.marketCap !== null) stats.push(["Market Cap", formatUsd(info.marketCap)]);
  if (info.volume24h !== null) stats.push(["24h Volume", formatUsd(info.volume24h)]);

  return (
    <div className="flex max-w-2xl flex-col gap-4 border-3 border-ink bg-paper p-4">
      <p className="font-pixel text-[10px] uppercase">Preview</p>
      <div className="flex gap-4">
        <TokenImage
          item={{
            imageUrl: info.imageUrl,
            title: info.name,
            symbol: info.symbol,
            contractAddress: info.contractAddress,
          }}
          alt={`${info.symbol || info.name} token image`}
          width={96}
          height={96}
          className="size-24 shrink-0 overflow-hidden border-3 border-ink bg-night"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h4
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-xl leading-snug font-bold break-words"
          >
            {info.name}
          </h4>
          {info.symbol ? <Badge className="w-fit">${info.symbol}</Badge> : null}
        </div>
      </div>
      <code className="font-mono text-sm break-all select-all">{info.contractAddress}</code>
      {info.description ? <p className="line-clamp-3 text-base wrap-anywhere">{info.description}</p> : null}
      {stats.length > 0 ? (
        <dl className="flex flex-col gap-2 border-3 border-ink bg-paper-dark p-3">
          {stats.map(([label, text]) => (
            <div key={label} className="flex flex-wrap items-baseline justify-between gap-2">
              <dt className="font-pixel text-[10px] uppercase">{label}</dt>
              <dd className="font-pixel text-xs">{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {info.chartUrl ? (
          <Button asChild variant="secondary">
            <a href={info.chartUrl} target="_blank" rel="noopener noreferrer">
              <ChartIcon /> View Chart<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        {info.buyUrl ? (
          <Button asChild variant="secondary">
            <a href={info.buyUrl} target="_blank" rel="noopener noreferrer">
              <CoinIcon /> Buy {info.symbol || "Token"}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 border-t-2 border-ink/20 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDiscard} disabled={creating}>
          Discard
        </Button>
        <Button variant="green" onClick={onCreate} disabled={creating}>
          {creating ? "Creating..." : "Create Token"}
        </Button>
      </div>
    </div>
  );
}
