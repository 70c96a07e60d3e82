import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A text box in the serif body type (16 px, so phones do not zoom), ink frame, 44 px tall. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "min-h-11 w-full min-w-0 border-3 border-ink bg-paper px-3 py-2 font-serif text-base text-ink shadow-pixel-sm placeholder:text-ink-soft disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-l-[12px] aria-[invalid=true]:border-l-nes-red",
        className,
      )}
      {...props}
    />
  );
}
