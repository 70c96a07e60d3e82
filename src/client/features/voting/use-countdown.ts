import { useEffect, useRef, useState } from "react";
import { renderNow } from "@/client/lib/first-paint-clock";

export interface Countdown {
  /** "hh:mm:ss", zero-padded (hours may pass 99 on a weekly schedule). */
  text: string;
  expired: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Ticks every second towards `target`; flags expiry at zero and calls onExpire once per target. */
export function useCountdown(target: string | undefined, onExpire?: () => void): Countdown {
  const [now, setNow] = useState(renderNow);
  const expiredFor = useRef<string | undefined>(undefined);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    // At once too: a first paint's countdown (decision 014) was drawn a moment ago on the server.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const msLeft = target ? new Date(target).getTime() - now : 0;
  const expired = target !== undefined && msLeft <= 0;
  useEffect(() => {
    if (expired && expiredFor.current !== target) {
      expiredFor.current = target;
      onExpireRef.current?.();
    }
  }, [expired, target]);

  return { text: formatCountdown(msLeft), expired };
}
