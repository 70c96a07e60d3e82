import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn("flex flex-wrap gap-2", className)} {...props} />;
}

/** A cartridge-slot tab: the selected one is filled yellow and lifted by its shadow. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "pressable inline-flex min-h-11 cursor-pointer items-center border-3 border-ink bg-paper px-3 py-2 font-pixel text-[10px] uppercase leading-relaxed text-ink hover:bg-paper-dark sm:text-xs data-[state=active]:bg-nes-yellow data-[state=active]:shadow-pixel",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4", className)} {...props} />;
}
