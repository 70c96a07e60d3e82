import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** The look of a field's name: small pixel capitals, like a form on a game's options screen. */
export const labelClass = "font-pixel text-[10px] uppercase leading-relaxed sm:text-xs";

/**
 * A field's name: the browser's own <label>, which is all a form needs (a click on it focuses or toggles
 * its control). The public forms use it directly, so their first load carries no Radix (decision 005).
 */
export function NativeLabel({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives htmlFor and the text.
  return <label className={cn(labelClass, className)} {...props} />;
}
