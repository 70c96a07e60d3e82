import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/client/lib/cn";

// Apart from button.tsx so that the chrome (footer, mobile menu), which is in every page's first load, can
// style a link or a button like one without importing Button, whose asChild pulls in Radix Slot.

/** A console button: pixel label, ink frame, hard shadow, pressed state; 44 px tall at least (tap target). */
export const buttonVariants = cva(
  "pressable inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 border-3 border-ink px-4 py-2 text-center font-pixel text-[10px] uppercase leading-relaxed shadow-pixel select-none disabled:cursor-not-allowed disabled:opacity-60 disabled:shadow-none aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:shadow-none sm:text-xs [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-nes-yellow text-ink hover:bg-[#ffc933]",
        secondary: "bg-paper text-ink hover:bg-paper-dark",
        blue: "bg-nes-blue text-white hover:bg-[#1a66ff]",
        /**
         * Also the done state (DELIVERED!, Voted): held pressed in, at full colour, so its ink text keeps
         * 5.5:1 on the green instead of fading with the unavailable buttons' opacity (issue 31).
         */
        green:
          "bg-nes-green text-ink hover:bg-[#14b814] aria-disabled:translate-0.5 aria-disabled:opacity-100",
        destructive: "bg-nes-red text-white hover:bg-[#f01020]",
        dark: "bg-ink text-paper hover:bg-[#2d2d2d]",
        /** Small and plain, for the footer's admin links: no frame, underlined text. */
        plain:
          "border-0 bg-transparent px-2 font-serif text-sm normal-case text-ink underline underline-offset-4 shadow-none hover:bg-paper-dark",
      },
      size: {
        default: "",
        sm: "px-3 text-[10px] sm:text-[10px]",
        lg: "min-h-12 px-6 text-xs sm:text-sm",
        icon: "size-11 p-0",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/** The classes of a Button with these variants, `className` merged last: what <Button> itself renders. */
export function buttonClass(variants: VariantProps<typeof buttonVariants>, className?: string): string {
  return cn(buttonVariants(variants), className);
}
