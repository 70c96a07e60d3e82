import { XLogoIcon } from "@/client/components/chrome-icons";
import { CheckIcon, FacebookIcon, LinkIcon, MailIcon, ShareIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";
import { useCopyLink } from "@/client/lib/use-copy-to-clipboard";
import { toast } from "@/client/lib/use-toast";
import { shareLinks } from "@/common/share-links";

export interface ShareBarProps {
  /** The post text, e.g. tokenShareText(item, siteName). */
  text: string;
  /** An absolute URL to the page being shared. */
  url: string;
  /** Names the thing shared in the buttons' accessible names ("Share PEPE on X"). */
  subject?: string;
  className?: string;
}

/** The spec's share button bar: X, Facebook, e-mail, the native share sheet and copy link. */
export function ShareBar({ text, url, subject, className }: ShareBarProps) {
  const links = shareLinks({ text, url });
  const { copied, copyLink } = useCopyLink(url);
  const about = subject ? ` ${subject}` : "";

  async function nativeShare() {
    if (typeof navigator.share !== "function") {
      toast({
        title: "Share not supported",
        description: "Your browser has no share sheet. Copy the link instead.",
      });
      return;
    }
    try {
      await navigator.share({ text, url });
    } catch {
      // The visitor closed the sheet, or the browser refused: nothing to report.
    }
  }

  return (
    <fieldset className={cn("flex flex-wrap items-center gap-2", className)}>
      <legend className="sr-only">Share{about}</legend>
      <Button asChild variant="secondary" size="icon">
        <a
          href={links.x}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share${about} on X (opens in a new tab)`}
        >
          <XLogoIcon />
        </a>
      </Button>
      <Button asChild variant="secondary" size="icon">
        <a
          href={links.facebook}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share${about} on Facebook (opens in a new tab)`}
        >
          <FacebookIcon />
        </a>
      </Button>
      <Button asChild variant="secondary" size="icon">
        <a href={links.email} aria-label={`Share${about} by e-mail`}>
          <MailIcon />
        </a>
      </Button>
      <Button
        variant="secondary"
        size="icon"
        onClick={nativeShare}
        aria-label={`Share${about} with another app`}
      >
        <ShareIcon />
      </Button>
      <Button
        variant={copied ? "green" : "secondary"}
        size={copied ? "sm" : "icon"}
        onClick={copyLink}
        aria-label={copied ? "Link copied" : `Copy link${subject ? ` to ${subject}` : ""}`}
      >
        {copied ? (
          <>
            <CheckIcon />
            <span aria-hidden="true">Copied</span>
          </>
        ) : (
          <LinkIcon />
        )}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? "Link copied to clipboard" : ""}
      </span>
    </fieldset>
  );
}
