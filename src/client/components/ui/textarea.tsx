import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A multi-line text box with the same frame and serif type as Input. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "min-h-24 w-full min-w-0 resize-y border-3 border-ink bg-paper px-3 py-2 font-serif text-base text-ink shadow-pixel-sm placeholder:text-ink-soft disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-l-[12px] aria-[invalid=true]:border-l-nes-red",
        className,
      )}
      {...props}
    />
  );
}
