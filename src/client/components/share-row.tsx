import { TelegramIcon, XLogoIcon } from "@/client/components/chrome-icons";
import { CheckIcon, LinkIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { useCopyLink } from "@/client/lib/use-copy-to-clipboard";
import { shareLinks } from "@/common/share-links";

/**
 * The share control's row where the browser has no share sheet: copy link, X and Telegram. Its own chunk,
 * loaded when a visitor first opens one: every card of the front page has a share button, and the row's
 * code would otherwise weigh on the front page's first load (decision 005).
 */
export function ShareRow({
  id,
  text,
  url,
  subject,
}: {
  id: string;
  text: string;
  url: string;
  subject: string;
}) {
  const links = shareLinks({ text, url });
  const { copied, copyLink } = useCopyLink(url);

  return (
    <fieldset id={id} className="flex flex-wrap items-center gap-2">
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
  );
}
