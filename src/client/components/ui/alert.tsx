import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

const alertVariants = cva("relative flex flex-col gap-1 border-3 border-ink p-4 shadow-pixel-sm", {
  variants: {
    variant: {
      default: "bg-paper text-ink",
      info: "bg-nes-cyan text-ink",
      // Red marks the frame, never the text: red on paper is below AA for small type.
      destructive: "border-l-[12px] border-l-nes-red bg-paper text-ink",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<"h3">) {
  return <h3 className={cn("font-pixel text-xs leading-relaxed sm:text-sm", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-base", className)} {...props} />;
}
