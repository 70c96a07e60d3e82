import { cn } from "@/client/lib/cn";

/** A loading indicator of four pixel blocks turning in steps; announced as a status. */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex flex-col items-center gap-4 py-12", className)}>
      <div aria-hidden="true" className="grid size-10 grid-cols-2 gap-1 motion-safe:animate-pixel-spin">
        <span className="bg-nes-red" />
        <span className="bg-nes-yellow" />
        <span className="bg-nes-blue" />
        <span className="bg-nes-green" />
      </div>
      <span className="font-pixel text-[10px] uppercase">{label}...</span>
    </div>
  );
}
