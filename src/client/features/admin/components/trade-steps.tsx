import type { Wallet } from "@wallet-standard/base";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { ApiError, errorDetail } from "@/client/lib/api-client";
import {
  formatCoinAmount,
  LAUNCH_KIND_NAMES,
  LAUNCH_MESSAGES,
  LAUNCH_STATE_NAMES,
  type LaunchSettings,
  type LaunchView,
  type PreparedLaunch,
  TRADE_SLIPPAGE_PERCENT,
} from "@/common/launch";
import { formatSol } from "@/common/solana-pay";
import { prepareTrade, useFollowedLaunch, useTradeSend } from "../api/use-launch";
import { connectWallet, isRefusal, signLaunch } from "../launch-wallet";
import { TransactionLink } from "./transaction-link";

type Kind = "sell" | "buyback";
type Step = "idle" | "preparing" | "signing" | "sending";

const STEP_TEXT: Record<Exclude<Step, "idle">, string> = {
  preparing: "The server is reading the curve and building the transaction...",
  signing: "Approve the transaction in your wallet...",
  sending: "Checking and sending...",
};

/**
 * The two clicks after a confirmed launch (issue 29, decision 016): Sell the first buy's tokens, then Buy
 * back the paper's own coin with LAUNCH_BUYBACK_PERCENT of the proceeds. Each click has the server prepare a
 * fresh quote first; its amounts are shown for staff to confirm before the wallet is asked to sign. A step
 * that cannot be done says why beside its disabled button.
 */
export function TradeSteps({
  headlineId,
  symbol,
  settings,
  wallet,
}: {
  headlineId: number;
  symbol: string;
  settings: LaunchSettings;
  wallet: Wallet | undefined;
}) {
  const [step, setStep] = useState<Step>("idle");
  const [pending, setPending] = useState<{ kind: Kind; prepared: PreparedLaunch } | null>(null);
  const [failure, setFailure] = useState<{ kind: Kind; error: unknown } | null>(null);
  const [current, setCurrent] = useState<LaunchView | null>(null);
  const account = useRef<Awaited<ReturnType<typeof connectWallet>> | null>(null);
  const buttons = { sell: useRef<HTMLButtonElement>(null), buyback: useRef<HTMLButtonElement>(null) };
  const send = useTradeSend();
  // Where the focus goes once a step ends, after the buttons redrew (one disabled while busy takes none).
  const [focusAfter, setFocusAfter] = useState<Kind | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const target = [buttons[focusAfter].current, buttons.buyback.current].find((b) => b && !b.disabled);
    target?.focus();
    setFocusAfter(null);
  });

  // A sent trade is followed until the chain says, as the launch is.
  const fresh = useFollowedLaunch(current);
  // The newest row of each kind (the settings list is newest first), this dialog's own when newer.
  const latest = (kind: Kind) => {
    const listed = settings.launches.find((l) => l.kind === kind);
    return fresh?.kind === kind && (!listed || fresh.id >= listed.id) ? fresh : listed;
  };
  const sell = latest("sell");
  const buyback = latest("buyback");
  const busy = step !== "idle";

  /** Why a step cannot be taken now (null: it can), said beside its button. */
  function blocked(kind: Kind): string | null {
    const row = kind === "sell" ? sell : buyback;
    if (row?.state === "confirmed") return kind === "sell" ? "Sold." : "Bought back.";
    if (row?.state === "sent") return "Sent: waiting for the network.";
    if (kind === "buyback") {
      if (!settings.tokenAddress) return LAUNCH_MESSAGES.noTokenAddress;
      if (sell?.state !== "confirmed") return LAUNCH_MESSAGES.buybackBeforeSell;
    }
    // The server's refusal in words (the coin left its curve, nothing to sell...) stands until reopened.
    if (failure?.kind === kind && failure.error instanceof ApiError && failure.error.status === 409)
      return failure.error.detail;
    if (!wallet) return "No browser wallet found.";
    return null;
  }

  async function prepare(kind: Kind) {
    if (!wallet) return;
    setFailure(null);
    send.reset();
    try {
      setStep("preparing");
      account.current = await connectWallet(wallet);
      const prepared = await prepareTrade({ kind, headlineId, wallet: account.current.address });
      setPending({ kind, prepared });
    } catch (error) {
      setFailure({ kind, error });
    } finally {
      setStep("idle");
    }
  }

  async function confirm() {
    if (!pending || !wallet || !account.current) return;
    const { kind, prepared } = pending;
    const signer = account.current;
    try {
      const result = await send.mutateAsync({
        id: prepared.launch.id,
        transaction: prepared.transaction,
        sign: async (transaction) => {
          setStep("signing");
          const signed = await signLaunch(wallet, signer, null, transaction);
          setStep("sending");
          return signed;
        },
      });
      setCurrent(result);
    } catch (error) {
      setFailure({ kind, error });
    } finally {
      setPending(null);
      setStep("idle");
      setFocusAfter(kind);
    }
  }

  function cancel() {
    setFocusAfter(pending?.kind ?? null);
    setPending(null);
  }

  const row = (kind: Kind, label: string) => {
    const reason = blocked(kind);
    const shown = kind === "sell" ? sell : buyback;
    const id = `trade-${kind}-${headlineId}-why`;
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={buttons[kind]}
            variant="default"
            disabled={busy || pending !== null || reason !== null}
            aria-describedby={reason ? id : undefined}
            onClick={() => void prepare(kind)}
          >
            {label}
          </Button>
          {reason ? (
            <p id={id} className="text-sm">
              {reason}
            </p>
          ) : null}
        </div>
        {shown ? <TradeState trade={shown} /> : null}
      </div>
    );
  };

  const refusal = failure && !(failure.error instanceof ApiError && failure.error.status === 409);
  return (
    <section aria-label="Sell and buy back" className="flex flex-col gap-4 border-t-3 border-ink pt-4">
      <p className="text-sm">
        Two more clicks, each with a fresh quote and a minimum: sell the first buy's {symbol} (its token
        account closed), then buy back the paper's own coin with {settings.buybackPercent}% of what the Sell
        received. Each shows its amounts before your wallet signs.
      </p>
      {row("sell", `Sell the ${symbol}`)}
      {row("buyback", `Buy back with ${settings.buybackPercent}%`)}
      {pending ? (
        <Confirmation pending={pending} symbol={symbol} onConfirm={confirm} onCancel={cancel} />
      ) : null}
      {step !== "idle" ? (
        <p role="status" className="font-bold">
          {STEP_TEXT[step]}
        </p>
      ) : null}
      {refusal && isRefusal(failure.error) ? (
        <p role="status">The wallet declined: nothing was signed or sent.</p>
      ) : refusal ? (
        <Alert variant="destructive">
          <AlertTitle>Not done: {LAUNCH_KIND_NAMES[failure.kind]}</AlertTitle>
          <AlertDescription>{errorDetail(failure.error, "Please try again.")}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}

/** The prepared amounts, for staff to confirm before the wallet is asked. */
function Confirmation({
  pending,
  symbol,
  onConfirm,
  onCancel,
}: {
  pending: { kind: Kind; prepared: PreparedLaunch };
  symbol: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { launch } = pending.prepared;
  return (
    <section
      aria-labelledby={`confirm-${launch.id}`}
      className="flex flex-col gap-3 border-3 border-ink bg-paper-dark p-3 text-sm"
    >
      <h3 id={`confirm-${launch.id}`} className="font-bold">
        Confirm the {LAUNCH_KIND_NAMES[pending.kind]}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {launch.kind === "sell" ? (
          <>
            <dt className="font-bold">Sells</dt>
            <dd>
              {formatCoinAmount(launch.summary.tokenAmount)} {symbol}, every one the wallet holds
            </dd>
            <dt className="font-bold">For</dt>
            <dd>
              about {formatSol(BigInt(launch.summary.solAmount))}, at least{" "}
              {formatSol(BigInt(launch.summary.minSolOutput))} ({TRADE_SLIPPAGE_PERCENT}% below the quote)
            </dd>
            <dt className="font-bold">Then</dt>
            <dd>closes the token account (its rent back to the wallet)</dd>
          </>
        ) : null}
        {launch.kind === "buyback" ? (
          <>
            <dt className="font-bold">Spends</dt>
            <dd>
              {formatSol(BigInt(launch.summary.solAmount))}: {launch.summary.percent}% of the Sell's{" "}
              {formatSol(BigInt(launch.summary.proceeds))}
              {launch.summary.proceedsFrom === "quote" ? " (its minimum)" : ""}, at most{" "}
              {formatSol(BigInt(launch.summary.maxSolCost))}
            </dd>
            <dt className="font-bold">Buys</dt>
            <dd>{formatCoinAmount(launch.summary.tokenAmount)} of the paper's coin</dd>
            <dt className="font-bold">Coin</dt>
            <dd className="break-all font-mono">{launch.mint}</dd>
          </>
        ) : null}
        <dt className="font-bold">Wallet</dt>
        <dd className="break-all font-mono">{launch.wallet}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        {/* Focus moves here: the next thing to decide is this confirmation. */}
        <Button variant="default" autoFocus onClick={onConfirm}>
          Sign and send
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function TradeState({ trade }: { trade: LaunchView }) {
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-bold">{LAUNCH_KIND_NAMES[trade.kind]}:</span> {LAUNCH_STATE_NAMES[trade.state]}
      </p>
      {trade.error ? <p>{trade.error}</p> : null}
      {trade.signature ? <TransactionLink signature={trade.signature} /> : null}
    </div>
  );
}
