import { TokenImage } from "@/client/components/token-image";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import type { ArchiveEntry } from "@/common/archive";
import { formatArchiveDay } from "../group-archive-by-month";

/** "View Details": everything the archive stores for one edition, in a dialog. */
export function ArchiveDetailsDialog({ entry }: { entry: ArchiveEntry }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`View Details: ${entry.title}`}>
          View Details
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry.title}</DialogTitle>
          <DialogDescription>
            Archived edition of {formatArchiveDay(entry.launchDate, "long")}
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
          <dd className="break-words">{entry.memeCoin || "Not recorded"}</dd>
          <dt className="font-pixel text-[10px] uppercase leading-6">Launch Date</dt>
          <dd>
            <time dateTime={entry.launchDate}>{formatArchiveDay(entry.launchDate, "long")}</time>
          </dd>
        </dl>
      </DialogContent>
    </Dialog>
  );
}
