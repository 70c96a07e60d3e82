import { CheckIcon, CopyIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { useCopyToClipboard } from "@/client/lib/use-copy-to-clipboard";
import { toast } from "@/client/lib/use-toast";

/** Copies a contract address; a check mark confirms it for 2 seconds, with the spec's toast. */
export function CopyAddressButton({ address, subject }: { address: string; subject: string }) {
  const { copied, copy } = useCopyToClipboard(2000);

  async function onCopy() {
    if (await copy(address)) {
      toast({ title: "Copied!", description: "Contract address copied to clipboard" });
    } else {
      toast({
        variant: "destructive",
        title: "Copy failed",
        description: "Your browser did not allow copying.",
      });
    }
  }

  return (
    <Button
      size="sm"
      variant={copied ? "green" : "secondary"}
      onClick={onCopy}
      aria-label={copied ? `Copied ${subject} contract address` : `Copy ${subject} contract address`}
      className="shrink-0"
    >
      {copied ? <CheckIcon data-testid="copied-check" /> : <CopyIcon />}
      <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}
