import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/cn";
import { formatShare, formatTokenAmount } from "@/common/format";
import { TOKEN_FACT_REASON_TEXT, type TokenFactReason } from "@/common/token-facts";
import { useTokenFacts } from "../api/use-token-facts";

/**
 * The safety facts a trader reads before "Buy" (issue 22): whether more can be minted or holders frozen, the
 * supply, and how much the 10 largest accounts hold. Loaded with its card's "Safety facts" disclosure, so
 * Yesterday's News itself neither waits for the Solana node nor carries this code.
 */
export function TokenSafetyFacts({ address, symbol }: { address: string; symbol: string | null }) {
  const facts = useTokenFacts(address);
  if (facts.isPending) return <Spinner label="Asking the Solana node" className="py-4" />;

  // The answer did not arrive at all (too many checks, the site down): every fact is unknown, and why.
  const failed: TokenFactReason | "failed" | null = facts.isError ? "failed" : null;
  const mint = facts.data?.mint;
  const holders = facts.data?.holders;
  const why = (reason: TokenFactReason | "failed") =>
    reason === "failed"
      ? "The safety facts could not be loaded. Please try again later."
      : TOKEN_FACT_REASON_TEXT[reason];

  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2">
        <Fact label="Mint authority">
          {mint?.status === "known" ? (
            <Authority active={mint.mintAuthority !== null} warning="more can be minted" />
          ) : (
            <Unknown reason={why(failed ?? mint?.reason ?? "failed")} />
          )}
        </Fact>
        <Fact label="Freeze authority">
          {mint?.status === "known" ? (
            <Authority active={mint.freezeAuthority !== null} warning="holders can be frozen" />
          ) : (
            <Unknown reason={why(failed ?? mint?.reason ?? "failed")} />
          )}
        </Fact>
        <Fact label="Supply">
          {mint?.status === "known" ? (
            <span className="font-pixel text-xs">
              {formatTokenAmount(mint.supply)}
              {symbol ? ` ${symbol}` : ""}
            </span>
          ) : (
            <Unknown reason={why(failed ?? mint?.reason ?? "failed")} />
          )}
        </Fact>
        <Fact label="Top 10 holders (incl. pools)">
          {holders?.status === "known" ? (
            <span className="font-pixel text-xs">{formatShare(holders.top10Percent)}</span>
          ) : (
            <Unknown reason={why(failed ?? holders?.reason ?? "failed")} />
          )}
        </Fact>
      </dl>
      <p className="text-sm text-ink-soft">
        The largest accounts include liquidity pools and bonding curves, not only people.
      </p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-t-2 border-ink/20 pt-2">
      <dt className="font-pixel text-[10px] uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "Renounced" on green, or "Active" on red with what it allows: the word says it, not the colour alone. */
function Authority({ active, warning }: { active: boolean; warning: string }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        className={cn(
          "border-2 border-ink px-2 py-0.5 font-pixel text-[10px] uppercase",
          active ? "bg-nes-red text-white" : "bg-nes-green text-ink",
        )}
      >
        <span aria-hidden="true">{active ? "⚠ " : "✓ "}</span>
        {active ? "Active" : "Renounced"}
      </span>
      {active ? <span className="text-sm">Warning: {warning}</span> : null}
    </span>
  );
}

function Unknown({ reason }: { reason: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="font-pixel text-xs">Unknown</span>
      <span className="text-sm text-ink-soft">{reason}</span>
    </span>
  );
}
