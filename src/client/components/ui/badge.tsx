import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A pixel label. Each fill pairs with the text colour that keeps it AA (white only on the dark accents). */
export const badgeVariants = cva(
  "inline-flex items-center gap-1 border-2 border-ink px-2 py-1 font-pixel text-[10px] uppercase leading-none whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "bg-nes-yellow text-ink",
        paper: "bg-paper text-ink",
        ink: "bg-ink text-paper",
        green: "bg-nes-green text-ink",
        blue: "bg-nes-blue text-white",
        red: "bg-nes-red text-white",
        cyan: "bg-nes-cyan text-ink",
        pink: "bg-nes-pink text-ink",
        orange: "bg-nes-orange text-ink",
        purple: "bg-nes-purple text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
