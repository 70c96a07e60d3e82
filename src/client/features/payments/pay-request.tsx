import type { Wallet } from "@wallet-standard/base";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { buttonClass } from "@/client/components/ui/button-variants";
import { useCopyToClipboard } from "@/client/lib/use-copy-to-clipboard";
import { parseTransferRequestUrl, type TransferRequest } from "@/common/solana-pay";

/**
 * A Solana Pay transfer request three ways: a QR code for a phone wallet, the `solana:` link itself ("Open
 * in wallet app", which a phone hands to its wallet) with Copy, and "Pay with wallet" for a browser wallet.
 * The wallet code (Wallet Standard, @solana/kit) is imported only when that button is pressed, so it never
 * weighs on the page's first load; the QR encoder (uqr, ~4 kB gzip) loads just after the first paint.
 */

/** Medium error correction: what wallet scanners read reliably off a screen, with room for glare. */
const QR_ECC = "M";
/** The spec's quiet zone: four modules of paper around the code. */
const QR_BORDER = 4;
/** Target width in CSS px; each module gets a whole number of pixels so the squares stay crisp. */
const QR_TARGET_PX = 240;

export const PAY_MESSAGES = {
  invalid: "This payment link is not valid.",
  loading: "Loading wallet support...",
  none: "No browser wallet found. Scan the QR code with your phone's wallet, or open the payment link in your wallet app.",
  choose: "Choose a wallet to pay with.",
  connecting: (name: string) => `Connecting to ${name}...`,
  approving: (name: string) => `Approve the payment in ${name}.`,
  sent: "Payment sent. It is confirmed on the Solana network within a minute.",
  refused: "You cancelled the payment in your wallet. Nothing was sent.",
  failed: (reason: string) => `The wallet could not send the payment: ${reason}`,
  loadFailed: "Wallet support could not be loaded. Check your connection and try again.",
} as const;

type WalletState =
  | { step: "idle" }
  | { step: "loading" }
  | { step: "none" }
  | { step: "choose" }
  | { step: "connecting"; wallet: string }
  | { step: "approving"; wallet: string }
  | { step: "sent"; signature: string }
  | { step: "refused" }
  | { step: "failed"; message: string };

type WalletModule = typeof import("./pay-with-wallet");

export function PayRequest({ url, onSent }: { url: string; onSent?: (signature: string) => void }) {
  const request = useMemo(() => parseTransferRequestUrl(url), [url]);
  if (!request) {
    return (
      <p role="alert" className="border-3 border-ink bg-paper-dark p-4 font-serif">
        {PAY_MESSAGES.invalid}
      </p>
    );
  }
  return <ValidPayRequest url={url} request={request} onSent={onSent} />;
}

function ValidPayRequest({
  url,
  request,
  onSent,
}: {
  url: string;
  request: TransferRequest;
  onSent?: (signature: string) => void;
}) {
  const { copied, copy } = useCopyToClipboard(3_000);
  const [copyFailed, setCopyFailed] = useState(false);
  const [state, setState] = useState<WalletState>({ step: "idle" });
  const [wallets, setWallets] = useState<Wallet[]>([]);
  const walletModule = useRef<WalletModule | undefined>(undefined);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => () => stopWatching.current?.(), []);

  async function pay(wallet: Wallet) {
    const module = walletModule.current;
    if (!module) return;
    try {
      const signature = await module.payWithWallet(wallet, request, (step) =>
        setState({ step, wallet: wallet.name }),
      );
      setState({ step: "sent", signature });
      onSentRef.current?.(signature);
    } catch (error) {
      if (module.isRefusal(error)) setState({ step: "refused" });
      else setState({ step: "failed", message: errorMessage(error) });
    }
  }

  async function start() {
    setState({ step: "loading" });
    let module: WalletModule;
    try {
      module = walletModule.current ?? (await import("./pay-with-wallet"));
    } catch {
      setState({ step: "failed", message: PAY_MESSAGES.loadFailed });
      return;
    }
    walletModule.current = module;
    stopWatching.current?.();
    let found: Wallet[] = [];
    stopWatching.current = module.watchPaymentWallets((list) => {
      found = list;
      setWallets(list);
      // A wallet that registers after "none found" (an extension still loading) is offered at once.
      setState((current) => (current.step === "none" && list.length > 0 ? { step: "choose" } : current));
    });
    const [only] = found;
    if (found.length === 0) setState({ step: "none" });
    else if (found.length === 1 && only) await pay(only);
    else setState({ step: "choose" });
  }

  const busy = state.step === "loading" || state.step === "connecting" || state.step === "approving";

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start sm:gap-6">
      <PaymentQr url={url} amount={request.amount} />
      <div className="flex w-full min-w-0 flex-col gap-3">
        <Button size="lg" onClick={() => void start()} disabled={busy || state.step === "sent"}>
          Pay with wallet
        </Button>
        {state.step === "choose" && (
          <ul className="flex flex-col gap-2" aria-label="Wallets">
            {wallets.map((wallet) => (
              <li key={wallet.name}>
                <Button variant="secondary" className="w-full justify-start" onClick={() => void pay(wallet)}>
                  <img
                    src={wallet.icon}
                    alt=""
                    width={24}
                    height={24}
                    className="size-6 [image-rendering:pixelated]"
                  />
                  {wallet.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={url} className={buttonClass({ variant: "secondary" }, "flex-1")}>
            Open in wallet app
          </a>
          <Button
            variant={copied ? "green" : "secondary"}
            className="flex-1"
            onClick={async () => setCopyFailed(!(await copy(url)))}
          >
            {copied ? "Copied" : "Copy payment link"}
          </Button>
        </div>
        <div aria-live="polite" role="status" className="font-serif text-base leading-relaxed">
          <WalletStatus state={state} />
          {copied && <p className="sr-only">Payment link copied to clipboard</p>}
          {copyFailed && <p>Your browser did not allow copying. Press and hold the link to copy it.</p>}
        </div>
      </div>
    </div>
  );
}

function WalletStatus({ state }: { state: WalletState }) {
  switch (state.step) {
    case "idle":
      return null;
    case "loading":
      return <p>{PAY_MESSAGES.loading}</p>;
    case "none":
      return <p>{PAY_MESSAGES.none}</p>;
    case "choose":
      return <p>{PAY_MESSAGES.choose}</p>;
    case "connecting":
      return <p>{PAY_MESSAGES.connecting(state.wallet)}</p>;
    case "approving":
      return <p>{PAY_MESSAGES.approving(state.wallet)}</p>;
    case "sent":
      return (
        <p>
          {PAY_MESSAGES.sent}{" "}
          <a
            className="break-all underline underline-offset-4"
            href={`https://solscan.io/tx/${encodeURIComponent(state.signature)}`}
            target="_blank"
            rel="noreferrer"
            data-testid="payment-signature"
          >
            {state.signature}
          </a>
        </p>
      );
    case "refused":
      return <p>{PAY_MESSAGES.refused}</p>;
    case "failed":
      return <p className="font-bold">{PAY_MESSAGES.failed(state.message)}</p>;
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message.replace(/^\d{3}: /, "");
  return "unknown error";
}

interface QrDrawing {
  size: number;
  path: string;
}

/** The QR code's modules as one SVG path (one unit per module); uqr is imported on first use. */
async function drawQr(url: string): Promise<QrDrawing> {
  const { encode } = await import("uqr");
  const { data, size } = encode(url, { ecc: QR_ECC, border: QR_BORDER });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}

/**
 * The request as a QR code: whole-pixel modules, ink on white, with a text alternative. The encoder loads
 * after the first paint (the paid page's first-load budget has no room for it); a framed blank square of
 * the same size holds the place meanwhile.
 */
function PaymentQr({ url, amount }: { url: string; amount: string }) {
  const [drawing, setDrawing] = useState<QrDrawing | { failed: true } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setDrawing(undefined);
    drawQr(url).then(
      (result) => live && setDrawing(result),
      () => live && setDrawing({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const label = `QR code of a Solana Pay request for ${amount} SOL: scan it with a phone wallet`;
  const ready = drawing && "path" in drawing ? drawing : undefined;
  const px = ready ? ready.size * Math.max(2, Math.floor(QR_TARGET_PX / ready.size)) : QR_TARGET_PX;
  return (
    <figure className="m-0 flex shrink-0 flex-col items-center gap-2">
      <div className="border-3 border-ink bg-white shadow-pixel">
        {ready ? (
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${ready.size} ${ready.size}`}
            width={px}
            height={px}
            shapeRendering="crispEdges"
            className="block"
            data-testid="payment-qr"
          >
            <rect width={ready.size} height={ready.size} fill="#ffffff" />
            <path d={ready.path} fill="#1b1b1b" />
          </svg>
        ) : (
          <div
            style={{ width: px, height: px }}
            className="flex items-center justify-center p-4 text-center font-serif text-sm"
          >
            {drawing ? "The QR code could not be drawn: use the payment link." : "Drawing the QR code..."}
          </div>
        )}
      </div>
      <figcaption className="font-pixel text-[10px] uppercase">Scan with a phone wallet</figcaption>
    </figure>
  );
}
