import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ShareIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";

const ShareRow = lazy(async () => ({ default: (await import("./share-row")).ShareRow }));

export interface ShareButtonProps {
  /** The post text: headlineShareText(...) for a headline. */
  text: string;
  /** An absolute URL to the page being shared. */
  url: string;
  /** Names the thing shared in the accessible names ("Share Frog buys the moon"). */
  subject: string;
  className?: string;
}

/**
 * One share control for a headline, on its page and on every card (issue 22): the system share sheet where
 * the browser has one (phones), otherwise a row of copy link, X and Telegram that the button opens and
 * closes. The row is in the page's flow under the button, so it covers nothing on a small card.
 */
export function ShareButton({ text, url, subject, className }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const rowId = useId();
  const hasSheet = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const button = useRef<HTMLButtonElement>(null);

  // Escape closes the open row, from anywhere on the page, and gives focus back to the button.
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);

  async function share() {
    if (!hasSheet) {
      setOpen((was) => !was);
      return;
    }
    try {
      await navigator.share({ text, url });
    } catch (error) {
      // Closing the sheet is no failure; a sheet the browser refuses falls back to the row.
      if ((error as DOMException).name !== "AbortError") setOpen(true);
    }
  }

  return (
    <div className={cn("flex flex-col items-start gap-2", className)}>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        onClick={share}
        aria-expanded={hasSheet ? undefined : open}
        aria-controls={hasSheet ? undefined : rowId}
        aria-label={`Share ${subject}`}
      >
        <ShareIcon /> Share
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ShareRow id={rowId} text={text} url={url} subject={subject} />
        </Suspense>
      ) : null}
    </div>
  );
}
