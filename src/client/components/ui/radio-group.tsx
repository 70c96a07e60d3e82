import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A set of options where one is chosen; arrow keys move between them (Radix). Label it with aria-labelledby. */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn("flex flex-col gap-3", className)} {...props} />;
}

/**
 * One option: a square socket with a filled pixel when chosen (square corners, as everywhere). Pair it with
 * a <Label htmlFor> in a 44 px row, so the whole row is the tap target.
 */
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        "inline-flex size-8 shrink-0 cursor-pointer items-center justify-center border-3 border-ink bg-paper shadow-pixel-sm disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-nes-yellow",
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="block size-3 bg-ink" />
    </RadioGroupPrimitive.Item>
  );
}
