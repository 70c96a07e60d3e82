import { CheckIcon, CopyIcon } from "@/client/components/icons";
import { Button } from "@/client/components/ui/button";
import { useCopyToClipboard } from "@/client/lib/use-copy-to-clipboard";
import { toast } from "@/client/lib/use-toast";

/** Copies the payment address, with the spec's toast; a check mark confirms it for 2 seconds. */
export function CopyPaymentAddressButton({ address }: { address: string }) {
  const { copied, copy } = useCopyToClipboard(2000);

  async function onCopy() {
    if (await copy(address)) {
      toast({ title: "Copied!", description: "Address copied to clipboard" });
    } else {
      toast({
        variant: "destructive",
        title: "Copy failed",
        description: "Your browser did not allow copying. Select the address and copy it by hand.",
      });
    }
  }

  return (
    <Button
      size="sm"
      variant={copied ? "green" : "secondary"}
      onClick={onCopy}
      aria-label={copied ? "Copied payment address" : "Copy payment address"}
      className="shrink-0"
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}
