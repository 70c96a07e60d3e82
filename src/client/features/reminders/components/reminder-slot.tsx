import { type ComponentType, useEffect, useState } from "react";
import { buttonClass } from "@/client/components/ui/button-variants";
import { useBrowserFact } from "@/client/lib/first-paint-clock";
import { onDemand } from "@/client/lib/on-demand";
import { REMIND_ME } from "./reminder-text";

/**
 * The button's code, off the first load (decision 005, e2e/front-end-weight.spec.ts): fetched when the
 * visitor presses the button, or at once for a browser that already registered the service worker (it
 * turned reminders on before, so the page must say "Reminders on").
 */
const button = onDemand(() => import("./reminder-button"));

/**
 * Where the "Remind me before voting closes" button goes (issue 22). Until its code is needed it is this
 * button, drawn the same; pressing it loads the real one, which goes straight on to turning reminders on.
 * Draws nothing where Web Push cannot work (PushManager exists only beside service workers; the secure
 * context is theirs too). The server's first paint draws it (decision 014): nearly every browser has Web Push,
 * and a button that appeared only once the browser drew the page would move what is below it.
 */
export function ReminderSlot() {
  const supported = useBrowserFact(
    () => isSecureContext && "PushManager" in window && "Notification" in window,
    true,
  );
  const [Loaded, setLoaded] = useState<{ Button: ComponentType<{ start?: boolean }>; start: boolean }>();
  const load = (start: boolean) =>
    // A failed chunk (offline, a deploy in between): the stand-in stays, a new press tries again.
    button.get().then(
      ({ ReminderButton }) => setLoaded({ Button: ReminderButton, start }),
      () => {},
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    if (supported)
      navigator.serviceWorker.getRegistration("/").then(
        (r) => r && load(false),
        () => {},
      );
  }, []);

  if (!supported) return null;
  return (
    <div className="mt-5">
      {Loaded ? (
        <Loaded.Button start={Loaded.start} />
      ) : (
        <button
          type="button"
          className={buttonClass({ variant: "secondary" })}
          aria-pressed={false}
          onClick={() => load(true)}
        >
          {REMIND_ME}
        </button>
      )}
    </div>
  );
}
