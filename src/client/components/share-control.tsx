import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ShareIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";
import type { ShareButtonProps } from "./share-button";

const ShareRow = lazy(async () => ({ default: (await import("./share-row")).ShareRow }));

/**
 * The share control once a visitor has pressed it (share-button.tsx draws it until then): the system share
 * sheet where the browser has one (phones), otherwise a row of copy link, X and Telegram that the button
 * opens and closes. The row is in the page's flow under the button, so it covers nothing on a small card.
 * It takes over the pressed button's focus and answers that first press.
 */
export function ShareControl({ text, url, subject, className }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const rowId = useId();
  const hasSheet = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const button = useRef<HTMLButtonElement>(null);

  // The press that loaded this control: keep the keyboard's place and answer it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the press that mounted it.
  useEffect(() => {
    button.current?.focus();
    void share();
  }, []);

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
