import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { useCopyToClipboard } from "@/client/lib/use-copy-to-clipboard";
import { receiptPath } from "@/common/receipt-rules";

/**
 * The receipt's address, given once: the only way back to the submission's status, so it is shown whole
 * with Copy (the submitter keeps it).
 */
export function ReceiptLink({ receipt }: { receipt: string }) {
  const path = receiptPath(receipt);
  const url = `${window.location.origin}${path}`;
  const { copied, copy } = useCopyToClipboard(3_000);
  return (
    <div className="flex flex-col gap-2 border-3 border-ink bg-paper-dark p-3">
      <p className="text-base">Keep this link to follow your submission (it is the only way back to it):</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Link
          to={path}
          className="min-w-0 flex-1 font-mono text-sm break-all underline"
          data-testid="receipt-link"
        >
          {url}
        </Link>
        <Button variant={copied ? "green" : "secondary"} onClick={() => void copy(url)}>
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? "Receipt link copied to clipboard" : ""}
      </p>
    </div>
  );
}
