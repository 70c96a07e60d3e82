import { lazy, Suspense, useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import type { ArchiveEntry } from "@/common/archive";

/**
 * The dialog (Radix Dialog with its focus trap, scroll lock and layers: a third of the archive's JavaScript)
 * loads with the first "View Details", or as soon as a pointer or the keyboard reaches a button, so that it
 * is usually there by the click. The button is drawn here, as Radix's trigger would draw it.
 */
const loadContent = () => import("./archive-details-content");
const ArchiveDetailsContent = lazy(async () => ({ default: (await loadContent()).ArchiveDetailsContent }));
const preload = () => {
  loadContent().catch(() => undefined);
};

/** "View Details": everything the archive stores for one edition, in a dialog. */
export function ArchiveDetailsDialog({ entry }: { entry: ArchiveEntry }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const contentId = useId();

  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="secondary"
        aria-label={`View Details: ${entry.title}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        View Details
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ArchiveDetailsContent
            entry={entry}
            contentId={contentId}
            onClose={() => setOpen(false)}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
