import { Link } from "@/client/components/link";
import { TokenImage } from "@/client/components/token-image";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import type { ArchiveEntry } from "@/common/archive";
import { editionPath } from "@/common/pages";
import { archiveDay, formatArchiveDay, memeCoinLabel } from "../group-archive-by-month";

export interface ArchiveDetailsContentProps {
  entry: ArchiveEntry;
  contentId: string;
  onClose: () => void;
  /** Puts the focus back on the button that opened the dialog, once it has closed. */
  returnFocus: () => void;
}

/**
 * Everything the archive stores for one edition, in an open dialog (Radix: focus trap, Escape, labelling).
 * Loaded with the first "View Details" (archive-details-dialog.tsx), which owns the button and the focus.
 */
export function ArchiveDetailsContent({
  entry,
  contentId,
  onClose,
  returnFocus,
}: ArchiveDetailsContentProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        id={contentId}
        // The button that opened it is not Radix's DialogTrigger, so Radix does not know where to return.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{entry.title}</DialogTitle>
          <DialogDescription>
            Archived edition of {formatArchiveDay(archiveDay(entry), "long")}
          </DialogDescription>
        </DialogHeader>
        <TokenImage
          item={{ imageUrl: entry.imageUrl, title: entry.title, symbol: entry.memeCoin }}
          tokenIcons={false}
          alt={`Picture for "${entry.title}"`}
          width={640}
          height={360}
          className="aspect-video w-full border-3 border-ink bg-night"
        />
        <p className="text-base whitespace-pre-line">
          {entry.description || "No description was stored for this edition."}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-3 border-ink bg-paper-dark p-4">
          <dt className="font-pixel text-[10px] uppercase leading-6">Votes</dt>
          <dd className="font-pixel text-sm leading-6">{entry.votes.toLocaleString("en-US")}</dd>
          <dt className="font-pixel text-[10px] uppercase leading-6">Meme Coin</dt>
          <dd className="break-words">{memeCoinLabel(entry)}</dd>
          <dt className="font-pixel text-[10px] uppercase leading-6">Launch Date</dt>
          <dd>
            <time dateTime={archiveDay(entry)}>{formatArchiveDay(archiveDay(entry), "long")}</time>
          </dd>
        </dl>
        {entry.editionDate ? (
          <Link to={editionPath(entry.editionDate)} className="self-start underline underline-offset-4">
            The edition's final standings: every headline's votes
          </Link>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
