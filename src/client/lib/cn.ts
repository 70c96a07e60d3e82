import { type ClassValue, clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// tailwind-merge only knows Tailwind's default scales; without these it would read `shadow-pixel` as a
// shadow colour and keep it next to a caller's `shadow-none`.
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      shadow: ["pixel", "pixel-pressed", "pixel-sm"],
      animate: ["blink", "crawl", "pixel-spin"],
    },
  },
});

/** Joins class names; later Tailwind classes win over earlier ones (so callers can override a primitive). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
