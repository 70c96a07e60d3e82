import { Skeleton } from "@/client/components/ui/skeleton";
import { useReceipt } from "../api/use-receipt";
import { type PayRequestSlot, SubmissionStatus } from "./receipt-status";

/** The receipt's live status on its own (the paid form's success screen): what to pay, then what follows. */
export function LiveReceiptStatus({ receipt, payRequest }: { receipt: string; payRequest: PayRequestSlot }) {
  const query = useReceipt(receipt);
  if (query.isPending) return <Skeleton className="h-72" />;
  if (query.isError)
    return (
      <p role="alert" className="text-base">
        Your submission's status could not be loaded. Follow it with the link below.
      </p>
    );
  return <SubmissionStatus receipt={query.data} payRequest={payRequest} />;
}
