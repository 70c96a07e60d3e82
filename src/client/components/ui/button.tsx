import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A console button: pixel label, ink frame, hard shadow, pressed state; 44 px tall at least (tap target). */
export const buttonVariants = cva(
  "pressable inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 border-3 border-ink px-4 py-2 text-center font-pixel text-[10px] uppercase leading-relaxed shadow-pixel select-none disabled:cursor-not-allowed disabled:opacity-60 disabled:shadow-none sm:text-xs [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-nes-yellow text-ink hover:bg-[#ffc933]",
        secondary: "bg-paper text-ink hover:bg-paper-dark",
        blue: "bg-nes-blue text-white hover:bg-[#1a66ff]",
        green: "bg-nes-green text-ink hover:bg-[#14b814]",
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

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  return (
    <button type={type ?? "button"} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
