import { useCallback, useEffect, useRef, useState } from "react";

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
