import type { Wallet } from "@wallet-standard/base";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { errorDetail } from "@/client/lib/api-client";
import type { AdminHeadline } from "@/common/admin";
import {
  COIN_SYMBOL_MAX,
  CoinNameSchema,
  CoinSymbolSchema,
  coinNameOf,
  coinSymbolOf,
  LAUNCH_STATE_NAMES,
  type LaunchView,
} from "@/common/launch";
import { launchReceiptPath } from "@/common/pages";
import { useFollowedLaunch, useLaunchFlow, useLaunchSettings } from "../api/use-launch";
import { connectWallet, isRefusal, newMint, signLaunch, watchSigningWallets } from "../launch-wallet";
import { TradeSteps } from "./trade-steps";
import { TransactionLink } from "./transaction-link";

type Step = "idle" | "connecting" | "preparing" | "signing" | "sending";

/**
 * The dialog's open state and its launch, kept outside the card: the list redraws the winner's card when its
 * contract address arrives (the moment the launch confirms), and the dialog must stay open to say so.
 */
interface Kept {
  open: boolean;
  sent: LaunchView | null;
}
const keptDialogs = new Map<number, Kept>();
const listeners = new Set<() => void>();
const CLOSED: Kept = { open: false, sent: null };
function keep(id: number, change: Partial<Kept>) {
  keptDialogs.set(id, { ...(keptDialogs.get(id) ?? CLOSED), ...change });
  for (const listener of listeners) listener();
}
function useKept(id: number): Kept {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => keptDialogs.get(id) ?? CLOSED,
    () => CLOSED,
  );
}

const STEP_TEXT: Record<Exclude<Step, "idle">, string> = {
  connecting: "Connecting the wallet...",
  preparing: "The server is building the transaction...",
  signing: "Approve the transaction in your wallet...",
  sending: "Checking and sending...",
};

/**
 * The Launch button of the current winner without a contract address, and its dialog (issue 29): what will
 * be written on chain for ever (name, symbol, image, description), what the click spends, and the wallet that
 * pays. The site never holds a key: the browser wallet signs, and the new coin's mint key is made in this
 * page for this one launch. Once the launch is confirmed, the same dialog (its button then "Sell and buy
 * back") holds the two next clicks (TradeSteps).
 */
export function LaunchDialog({ headline }: { headline: AdminHeadline }) {
  const { open, sent } = useKept(headline.id);
  const setOpen = (next: boolean) => keep(headline.id, { open: next });
  const setSent = (launch: LaunchView | null) => keep(headline.id, { sent: launch });
  const id = useId();
  // Read for a launched winner too: whether its coin was launched here decides the Sell and buy back button.
  const settings = useLaunchSettings(open || headline.contractAddress !== null);
  const [name, setName] = useState(() => coinNameOf(headline.title));
  const [symbol, setSymbol] = useState(() => coinSymbolOf(headline.title, headline.symbol));
  const [wallets, setWallets] = useState<Wallet[]>([]);
  const [walletName, setWalletName] = useState<string>("");
  const [step, setStep] = useState<Step>("idle");
  const flow = useLaunchFlow();

  useEffect(() => (open ? watchSigningWallets(setWallets) : undefined), [open]);
  const wallet = wallets.find((w) => w.name === walletName) ?? wallets[0];

  // A sent launch is followed until the chain says.
  const launch = useFollowedLaunch(sent);
  const launchedHere =
    settings.data?.launches.find(
      (l): l is Extract<LaunchView, { kind: "launch" }> => l.kind === "launch" && l.state === "confirmed",
    ) ?? (launch?.kind === "launch" && launch.state === "confirmed" ? launch : undefined);
  // Opened after the launch: only the Sell and the Buy back are left to do.
  const tradeOnly = launchedHere !== undefined && sent === null;

  const nameCheck = CoinNameSchema.safeParse(name);
  const symbolCheck = CoinSymbolSchema.safeParse(symbol);
  const nameError = nameCheck.success ? undefined : nameCheck.error.issues[0]?.message;
  const symbolError = symbolCheck.success ? undefined : symbolCheck.error.issues[0]?.message;
  const busy = step !== "idle";
  const error =
    flow.error && !isRefusal(flow.error) ? errorDetail(flow.error, "The launch failed") : undefined;
  const refused = flow.error && isRefusal(flow.error);
  const s = settings.data;

  async function launchNow() {
    if (!wallet || !nameCheck.success || !symbolCheck.success) return;
    flow.reset();
    setSent(null);
    try {
      setStep("connecting");
      const account = await connectWallet(wallet);
      const mint = await newMint();
      setStep("preparing");
      const result = await flow.mutateAsync({
        input: {
          headlineId: headline.id,
          wallet: account.address,
          mint: mint.address,
          name: nameCheck.data,
          symbol: symbolCheck.data,
        },
        sign: async (transaction) => {
          setStep("signing");
          const signed = await signLaunch(wallet, account, mint, transaction);
          setStep("sending");
          return signed;
        },
      });
      setSent(result);
    } catch {
      // Said by the mutation's error below.
    } finally {
      setStep("idle");
    }
  }

  // A winner whose address was set by hand has nothing to sell from here; an open dialog stays to the end.
  if (headline.contractAddress !== null && !open && !launchedHere) return null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) {
          flow.reset();
          setSent(null);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="default" size="sm">
          {launchedHere ? "Sell and buy back" : "Launch"}
          <span className="sr-only">: {headline.title}</span>
        </Button>
      </DialogTrigger>
      {/* Closed by its buttons and Escape only: the card behind it redraws when the coin's address arrives
          (its picture loads the token-icon chain), which must not count as a click or focus outside. */}
      <DialogContent className="max-h-[90vh] overflow-y-auto" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{tradeOnly ? "Sell and buy back" : "Launch the coin"}</DialogTitle>
          <DialogDescription>
            {tradeOnly
              ? "The launch is confirmed. "
              : "The name, symbol, image and description below are written on chain and in the coin's metadata for ever. "}
            Your wallet pays and signs; nothing is sent until the server has checked what it signed.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {tradeOnly ? null : (
            <LaunchForm
              headline={headline}
              id={id}
              name={name}
              symbol={symbol}
              nameError={nameError}
              symbolError={symbolError}
              locked={busy || launch !== null}
              onName={setName}
              onSymbol={setSymbol}
            />
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {tradeOnly ? null : (
              <>
                <dt className="font-bold">First buy</dt>
                <dd>
                  {s ? `${s.buySol} SOL (at most 1% more), from your wallet, in the same transaction` : "..."}
                </dd>
                <dt className="font-bold">Creator fees</dt>
                <dd className="break-all font-mono">{s ? (s.creator ?? "Not configured") : "..."}</dd>
              </>
            )}
            <dt className="font-bold">Wallet</dt>
            <dd>
              {wallets.length === 0 ? (
                "No browser wallet found (Wallet Standard, able to sign a transaction)."
              ) : wallets.length === 1 ? (
                wallet?.name
              ) : (
                <select
                  aria-label="Wallet"
                  className="min-h-11 border-3 border-ink bg-paper px-2"
                  value={wallet?.name}
                  onChange={(e) => setWalletName(e.target.value)}
                >
                  {wallets.map((w) => (
                    <option key={w.name}>{w.name}</option>
                  ))}
                </select>
              )}
            </dd>
          </dl>
          {s && s.wallets.length === 0 ? (
            <Alert variant="destructive">
              <AlertDescription>
                No launch wallet is configured on the server (LAUNCH_WALLETS).
              </AlertDescription>
            </Alert>
          ) : null}
          {step !== "idle" ? (
            <p role="status" className="font-bold">
              {STEP_TEXT[step]}
            </p>
          ) : null}
          {refused ? <p role="status">The wallet declined: nothing was signed or sent.</p> : null}
          {error ? (
            <Alert variant="destructive">
              <AlertTitle>Not launched</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {launch ? <LaunchState launch={launch} /> : null}
          {launchedHere && s ? (
            <TradeSteps
              headlineId={headline.id}
              symbol={launchedHere.summary.symbol}
              settings={s}
              wallet={wallet}
            />
          ) : null}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Close
            </Button>
          </DialogClose>
          {!launchedHere && (launch === null || launch.state === "expired" || launch.state === "failed") ? (
            <Button
              variant="default"
              disabled={busy || !wallet || !nameCheck.success || !symbolCheck.success}
              onClick={() => void launchNow()}
            >
              {busy ? "Launching..." : `Launch with ${s?.buySol ?? "..."} SOL`}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LaunchState({ launch }: { launch: LaunchView }) {
  return (
    <div role="status" className="flex flex-col gap-2 border-3 border-ink bg-paper-dark p-3 text-sm">
      <p className="font-bold">{LAUNCH_STATE_NAMES[launch.state]}</p>
      {launch.error ? <p>{launch.error}</p> : null}
      {launch.signature ? <TransactionLink signature={launch.signature} /> : null}
      <a className="underline underline-offset-4" href={launchReceiptPath(launch.editionDay)}>
        The public receipt of this launch
      </a>
    </div>
  );
}

/** What the launch writes on chain for ever: the winner's picture and story, the coin's name and symbol. */
function LaunchForm(props: {
  headline: AdminHeadline;
  id: string;
  name: string;
  symbol: string;
  nameError: string | undefined;
  symbolError: string | undefined;
  locked: boolean;
  onName: (name: string) => void;
  onSymbol: (symbol: string) => void;
}) {
  const { headline, id, name, symbol, nameError, symbolError, locked } = props;
  return (
    <>
      <div className="flex gap-4">
        {headline.imageUrl ? (
          <img
            src={headline.imageUrl}
            alt={`${headline.title}, as the coin will show`}
            width={96}
            height={96}
            className="size-24 shrink-0 border-2 border-ink bg-paper-dark object-cover"
          />
        ) : null}
        <p className="font-serif text-sm">{headline.description}</p>
      </div>
      <FormField id={`${id}-name`} label="Name" error={nameError}>
        <Input
          id={`${id}-name`}
          value={name}
          disabled={locked}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, { error: nameError })}
          onChange={(e) => props.onName(e.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-symbol`}
        label="Symbol"
        hint={`Capital letters and digits, at most ${COIN_SYMBOL_MAX}.`}
        error={symbolError}
      >
        <Input
          id={`${id}-symbol`}
          value={symbol}
          maxLength={COIN_SYMBOL_MAX}
          disabled={locked}
          autoComplete="off"
          className="font-mono uppercase"
          aria-invalid={symbolError ? true : undefined}
          aria-describedby={describedBy(`${id}-symbol`, { hint: true, error: symbolError })}
          onChange={(e) => props.onSymbol(e.target.value.toUpperCase())}
        />
      </FormField>
    </>
  );
}
