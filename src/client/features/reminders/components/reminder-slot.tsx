import { type ComponentType, useCallback, useEffect, useState } from "react";
import { buttonClass } from "@/client/components/ui/button-variants";
import { onDemand } from "@/client/lib/on-demand";
import { REMIND_ME } from "./reminder-text";

type ReminderButtonType = ComponentType<{ start?: boolean }>;

/**
 * The button's code, off the first load (decision 005, e2e/front-end-weight.spec.ts): fetched when the
 * visitor presses the button, or at once for a browser that already registered the service worker (it
 * turned reminders on before, so the page must say "Reminders on").
 */
const button = onDemand(() => import("./reminder-button").then((m) => m.ReminderButton));

/** Web Push needs a service worker, the Push API and notifications; without them the button is not shown. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/**
 * Where the "Remind me before voting closes" button goes (issue 22). Until its code is needed it is this
 * button, drawn the same; pressing it loads the real one, which goes straight on to turning reminders on.
 * Draws nothing where reminders cannot work.
 */
export function ReminderSlot() {
  const supported = pushSupported();
  const [loaded, setLoaded] = useState<{ Button: ReminderButtonType; start: boolean } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback((start: boolean) => {
    setLoading(true);
    button
      .get()
      .then((Button) => setLoaded({ Button, start }))
      .catch(() => {
        // A failed chunk (offline, a deploy in between): the button stays, a new press tries again.
      })
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    // Only a browser that turned reminders on before (or blocked notifications) needs the code at once.
    navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => {
        if (live && (registration || Notification.permission === "denied")) load(false);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [supported, load]);

  if (!supported) return null;
  if (loaded) {
    const { Button, start } = loaded;
    return (
      <div className="mt-5">
        <Button start={start} />
      </div>
    );
  }
  return (
    <div className="mt-5">
      <button
        type="button"
        className={buttonClass({ variant: "secondary" })}
        aria-pressed={false}
        aria-busy={loading}
        disabled={loading}
        onClick={() => load(true)}
      >
        {REMIND_ME}
      </button>
    </div>
  );
}
