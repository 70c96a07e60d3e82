import { lazy, Suspense } from "react";

/**
 * PayRequest as its own chunk (~2 kB gzip with its copy hook and button styles): /paid-submit and the
 * receipt page draw first and it follows, so it stays out of their first-load budget (decision 005).
 * Same props as PayRequest.
 */
const PayRequest = lazy(async () => ({ default: (await import("./pay-request")).PayRequest }));

export function LazyPayRequest(props: { url: string; onSent?: (signature: string) => void }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="min-h-[17rem] font-serif">
          Loading the payment options...
        </p>
      }
    >
      <PayRequest {...props} />
    </Suspense>
  );
}
