import { type ComponentProps, createContext, type KeyboardEvent, useContext, useId, useState } from "react";
import { cn } from "@/client/lib/cn";

/**
 * Tabs after the WAI-ARIA pattern, as Radix Tabs draws them (same roles, ids, data-state and keys), in a few
 * lines: Radix Tabs with its roving-focus group, collection and presence was 10 kB of gzip on the archive's
 * first load. Horizontal, automatic activation: an arrow key, Home or End moves the focus and selects.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  /** The selected tab, when the parent keeps it (with onValueChange). */
  value?: string;
  /** The tab selected first, when Tabs keeps the selection itself. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const baseId = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Arrow keys (looping), Home and End move between the enabled tabs; focusing one selects it. */
function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("[role=tab]:not(:disabled)")];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (tabs.length === 0) return;
  event.preventDefault();
  tabs[move(Math.max(index, 0), tabs.length)]?.focus();
}

/** A row of cartridge-slot tabs. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn("flex flex-wrap gap-2", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) onListKeyDown(event);
      }}
      {...props}
    />
  );
}

/** A cartridge-slot tab: the selected one is filled yellow and lifted by its shadow. */
export function TabsTrigger({
  className,
  value,
  disabled,
  onFocus,
  onMouseDown,
  onKeyDown,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      disabled={disabled}
      // One tab stop: the selected tab; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={cn(
        "pressable inline-flex min-h-11 cursor-pointer items-center border-3 border-ink bg-paper px-3 py-2 font-pixel text-[10px] uppercase leading-relaxed text-ink hover:bg-paper-dark sm:text-xs data-[state=active]:bg-nes-yellow data-[state=active]:shadow-pixel",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // The main button selects at once; ctrl-click (a context menu on macOS) neither selects nor focuses.
        if (disabled || event.button !== 0) return;
        if (event.ctrlKey) event.preventDefault();
        else tabs.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === "Enter" || event.key === " ") tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

/** The selected tab's panel; the others are not rendered. */
export function TabsContent({
  className,
  value,
  children,
  ...props
}: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern: Tab from the tab list reaches the panel (as with Radix)
      tabIndex={0}
      className={cn("mt-4", className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
