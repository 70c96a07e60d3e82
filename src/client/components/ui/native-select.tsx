import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/**
 * The browser's own <select> in Input's frame: on phones it opens the system picker, which beats a custom
 * list for long option lists and for screen readers. The arrow is drawn as a pixel triangle.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative w-full", className)}>
      <select
        className="min-h-11 w-full min-w-0 cursor-pointer appearance-none border-3 border-ink bg-paper py-2 pr-10 pl-3 font-serif text-base text-ink shadow-pixel-sm disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      >
        {children}
      </select>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 font-pixel text-[10px]"
      >
        ▼
      </span>
    </div>
  );
}
