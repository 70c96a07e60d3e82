import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "./use-toast";

/**
 * Copies text and remembers it for `resetMs` (the spec's indicator times: 2 s for an address, 3 s for a
 * link). Resolves false when the browser refuses (no permission, insecure page), so callers can say so.
 */
export function useCopyToClipboard(resetMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), resetMs);
      return true;
    },
    [resetMs],
  );

  return { copied, copy };
}

/** A page's link copied for the share controls (3 s indicator); a browser that refuses says so in a toast. */
export function useCopyLink(url: string) {
  const { copied, copy } = useCopyToClipboard(3000);
  const copyLink = async () => {
    if (!(await copy(url))) {
      toast({
        variant: "destructive",
        title: "Copy failed",
        description: "Your browser did not allow copying.",
      });
    }
  };
  return { copied, copyLink };
}
