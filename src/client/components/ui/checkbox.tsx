import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { CheckIcon } from "@/client/components/icons";
import { cn } from "@/client/lib/cn";

/**
 * A square 8-bit tick box. The box is 32 px; put it in a row with its <Label htmlFor> of 44 px or more so
 * the whole row is the tap target (a label click toggles it).
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "inline-flex size-8 shrink-0 cursor-pointer items-center justify-center border-3 border-ink bg-paper text-ink shadow-pixel-sm disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-nes-red aria-[invalid=true]:outline-3 aria-[invalid=true]:outline-nes-red data-[state=checked]:bg-nes-yellow",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <CheckIcon className="size-5" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
