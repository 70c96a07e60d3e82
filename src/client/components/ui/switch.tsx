import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/**
 * An on/off cartridge switch. The thumb sits in a 44 px tall hit area (the visible track is smaller), so
 * it stays an easy tap on a phone. Give it a label: a <Label htmlFor> or an aria-label.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "group inline-flex min-h-11 min-w-14 shrink-0 cursor-pointer items-center disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex h-7 w-14 items-center border-3 border-ink bg-paper p-0.5 shadow-pixel-sm group-data-[state=checked]:bg-nes-green"
      >
        <SwitchPrimitive.Thumb className="block size-5 bg-ink transition-transform duration-100 data-[state=checked]:translate-x-[26px] data-[state=checked]:bg-paper motion-reduce:transition-none" />
      </span>
    </SwitchPrimitive.Root>
  );
}
