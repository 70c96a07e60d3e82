import { useEffect, useId, useRef, useState } from "react";
import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { CheckIcon, LinkIcon, ShareIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";
import { useCopyToClipboard } from "@/client/lib/use-copy-to-clipboard";
import { toast } from "@/client/lib/use-toast";
import { shareLinks } from "@/common/share";

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
  const links = shareLinks({ text, url });
  const { copied, copy } = useCopyToClipboard(3000);
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

  async function copyLink() {
    if (!(await copy(url))) {
      toast({
        variant: "destructive",
        title: "Copy failed",
        description: "Your browser did not allow copying.",
      });
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
        <fieldset id={rowId} className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Share {subject}</legend>
          <Button variant={copied ? "green" : "secondary"} size="sm" onClick={copyLink}>
            {copied ? <CheckIcon /> : <LinkIcon />} {copied ? "Copied" : "Copy link"}
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a
              href={links.x}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share ${subject} on X (opens in a new tab)`}
            >
              <XLogoIcon /> X
            </a>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a
              href={links.telegram}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share ${subject} on Telegram (opens in a new tab)`}
            >
              <TelegramIcon /> Telegram
            </a>
          </Button>
          <span className="sr-only" aria-live="polite">
            {copied ? "Link copied to clipboard" : ""}
          </span>
        </fieldset>
      ) : null}
    </div>
  );
}
