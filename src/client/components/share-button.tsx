import { lazy, Suspense, useState } from "react";
import { ShareIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";
import { useBrowserFact } from "@/client/lib/first-paint-clock";

const ShareControl = lazy(async () => ({ default: (await import("./share-control")).ShareControl }));

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
 * One share control for a headline, on its page and on every card (issue 22). Until it is pressed it is
 * only this button: every card of the front page has one, and the control's code (the share sheet, the row
 * of copy link, X and Telegram) loads with the first press, off the front page's first load (decision 005).
 */
export function ShareButton(props: ShareButtonProps) {
  const [pressed, setPressed] = useState(false);
  // Expanded or not only where pressing shows the row; a share sheet is the system's.
  const hasSheet = useBrowserFact(() => typeof navigator.share === "function", false);
  const idle = (
    <div className={cn("flex flex-col items-start gap-2", props.className)}>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Share ${props.subject}`}
        aria-expanded={hasSheet ? undefined : false}
        onClick={() => setPressed(true)}
      >
        <ShareIcon /> Share
      </Button>
    </div>
  );
  if (!pressed) return idle;
  return (
    <Suspense fallback={idle}>
      <ShareControl {...props} />
    </Suspense>
  );
}
