import { useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { fetchPushKey, fetchSubscriptionState, removeSubscription, saveSubscription } from "../api/push-api";
import { REMIND_ME, REMINDERS_ON } from "./reminder-text";

/**
 * "Remind me before voting closes" (issue 22): opt-in browser reminders, the one-hour reminder and the
 * winner. One button turns them on and off (aria-pressed). The service worker (/sw.js) is registered only
 * when the visitor turns reminders on; until then the page only asks whether this browser already has them.
 */
type Status = "checking" | "off" | "on" | "working" | "blocked" | "unreachable";

const TEXT = {
  blocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then press the button again.",
  unreachable:
    "Your browser could not reach its push service, so reminders are not on. Check your connection and try again.",
} as const;

/** The VAPID public key as PushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** A push service that never answers must not leave the button working for ever. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
function withinTime<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the push service did not answer")),
      SUBSCRIBE_TIMEOUT_MS,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** `start`: the visitor pressed the stand-in button (reminder-slot.tsx): turn reminders on at once. */
export function ReminderButton({ start = false }: { start?: boolean }) {
  const [status, setStatus] = useState<Status>(start ? "working" : "checking");
  const button = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount (turnOn is this render's).
  useEffect(() => {
    if (start) {
      // This button replaced the pressed stand-in: focus comes with it (issue 31), not to <body>.
      button.current?.focus();
      void turnOn();
      return;
    }
    let live = true;
    const settle = (next: Status) => live && setStatus(next);
    (async () => {
      if (Notification.permission === "denied") return settle("blocked");
      const subscription = await currentSubscription();
      if (!subscription) return settle("off");
      const { subscribed } = await fetchSubscriptionState(subscription.endpoint);
      settle(subscribed ? "on" : "off");
    })().catch(() => settle("off"));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setStatus("working");
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setStatus(permission === "denied" ? "blocked" : "off");
      return;
    }
    let subscription: PushSubscription;
    try {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const { publicKey } = await fetchPushKey();
      subscription =
        (await registration.pushManager.getSubscription()) ??
        (await withinTime(
          registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(publicKey),
          }),
        ));
    } catch {
      // The browser's push service (FCM, Mozilla's, Apple's) did not answer: offline, or blocked.
      setStatus("unreachable");
      toast({ title: "Reminders are not on", description: TEXT.unreachable, variant: "destructive" });
      return;
    }
    try {
      await saveSubscription(subscription.toJSON());
    } catch (error) {
      // Not kept by the site: the browser's subscription would only be an orphan.
      await subscription.unsubscribe().catch(() => false);
      setStatus("off");
      const description =
        error instanceof ApiError && error.detail ? error.detail : "The site could not save it. Try again.";
      toast({ title: "Reminders are not on", description, variant: "destructive" });
      return;
    }
    setStatus("on");
    toast({
      title: "Reminders on",
      description: "You'll get a reminder an hour before voting closes, and the winner when it is crowned.",
    });
  }

  async function turnOff() {
    setStatus("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        // 404: the site keeps none for this visitor (already stopped): the browser's is dropped all the same.
        await removeSubscription(subscription.endpoint).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        await subscription.unsubscribe();
      }
      setStatus("off");
      toast({ title: "Reminders stopped", description: "This browser will get no more reminders." });
    } catch {
      setStatus("on");
      toast({
        title: "Reminders are still on",
        description: "Stopping them failed. Try again.",
        variant: "destructive",
      });
    }
  }

  const on = status === "on";
  const busy = status === "working" || status === "checking";
  const note = status === "blocked" ? TEXT.blocked : status === "unreachable" ? TEXT.unreachable : null;
  return (
    <div className="flex flex-col items-start gap-2">
      {/* Busy, it says so but stays focusable (aria-disabled): a disabled button drops focus to <body>. */}
      <Button
        ref={button}
        type="button"
        variant={on ? "green" : "secondary"}
        aria-pressed={on}
        aria-busy={busy}
        aria-disabled={busy || undefined}
        onClick={() => busy || void (on ? turnOff() : turnOn())}
      >
        {status === "working" ? "Working…" : on ? REMINDERS_ON : REMIND_ME}
      </Button>
      {/* Always there (a live region must exist before its text), taking no room while it is empty. */}
      <p role="status" className={note ? "max-w-prose text-sm" : "sr-only"}>
        {note}
      </p>
    </div>
  );
}
