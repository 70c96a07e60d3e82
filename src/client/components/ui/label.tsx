import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A field's name in small pixel capitals, like a form on a game's options screen. */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("font-pixel text-[10px] uppercase leading-relaxed sm:text-xs", className)}
      {...props}
    />
  );
}
