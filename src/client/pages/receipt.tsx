import { useParams } from "react-router";
import { EasternTime } from "@/client/components/eastern-time";
import { MessageCard } from "@/client/components/message-card";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/client/components/ui/skeleton";
import { LazyPayRequest } from "@/client/features/payments/lazy-pay-request";
import { useReceipt } from "@/client/features/receipts/api/use-receipt";
import { SubmissionStatus } from "@/client/features/receipts/components/receipt-status";
import { HeadlineImage } from "@/client/features/voting/components/headline-image";
import { ApiError } from "@/client/lib/api-client";
import { displayAuthor } from "@/common/author";
import { RECEIPT_MESSAGES } from "@/common/receipt-rules";
import { formatEasternEt } from "@/common/time-text";

/**
 * A submitter's receipt (/submission/{receipt}): the submission as it was sent and where it stands, live:
 * awaiting payment (with the QR code and the wallet button) -> paid -> approved or rejected.
 */
export function Receipt() {
  const receiptId = useParams().receipt ?? "";
  const receipt = useReceipt(receiptId);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title="Your Submission" subtitle="Where your headline stands, updated by itself." />
      {receipt.isPending ? (
        <SkeletonGroup label="Loading your submission" className="flex flex-col gap-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-72" />
        </SkeletonGroup>
      ) : receipt.isError ? (
        receipt.error instanceof ApiError && receipt.error.status === 404 ? (
          <MessageCard alert title="Submission not found" text={RECEIPT_MESSAGES.notFound} />
        ) : (
          <div className="flex flex-col items-start gap-4">
            <MessageCard
              alert
              title="Error loading your submission"
              text="Please try again later or refresh the page."
            />
            <Button onClick={() => receipt.refetch()}>Try again</Button>
          </div>
        )
      ) : (
        <>
          <Card className="bg-paper">
            <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row">
              <HeadlineImage
                src={receipt.data.imageUrl}
                alt=""
                name={receipt.data.title}
                priority
                className="aspect-[8/5] w-full shrink-0 border-3 border-ink sm:w-48"
              />
              <div className="flex min-w-0 flex-col gap-2">
                <p className="font-pixel text-[10px] uppercase text-ink-soft">
                  {receipt.data.kind === "promoted" ? "Promoted submission" : "Free submission"}
                </p>
                <h2 className="font-pixel text-xs leading-relaxed break-words sm:text-sm">
                  {receipt.data.title}
                </h2>
                <p className="text-base break-words">{receipt.data.description}</p>
                <p className="text-sm text-ink-soft">
                  Sent <EasternTime at={receipt.data.createdAt} format={formatEasternEt} />
                  {receipt.data.submittedBy ? ` by ${displayAuthor(receipt.data.submittedBy)}` : ""}
                </p>
              </div>
            </CardContent>
          </Card>
          <Card className="bg-paper">
            <CardContent className="pt-6">
              <SubmissionStatus
                receipt={receipt.data}
                payRequest={(url, onSent) => <LazyPayRequest url={url} onSent={onSent} />}
              />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
