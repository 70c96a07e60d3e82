import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/client/lib/cn";

/**
 * The browser's own checkbox or radio button, drawn as an 8-bit socket: 32 px, ink frame, yellow when
 * chosen, with `mark` over it. Being native, it keeps its keys (Space; the arrows in a radio group), its
 * label and its place in the form with no script, which Radix had to bring along (decision 005).
 * Put it in a row with its label of 44 px or more, so the whole row is the tap target. Disabled, it dims
 * as one piece, mark included.
 */
export function ChoiceBox({
  type,
  mark,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { type: "checkbox" | "radio"; mark: ReactNode }) {
  // A radio is round, a checkbox square: the shape says which kind of choice it is (issue 31).
  return (
    <span
      className={cn(
        "relative inline-flex size-8 shrink-0 items-center justify-center has-[:disabled]:opacity-60",
        className,
      )}
    >
      <input
        type={type}
        className={cn(
          "peer absolute inset-0 size-8 cursor-pointer appearance-none border-3 border-ink bg-paper shadow-pixel-sm checked:bg-nes-yellow disabled:cursor-not-allowed aria-[invalid=true]:border-nes-red aria-[invalid=true]:outline-3 aria-[invalid=true]:outline-nes-red",
          type === "radio" && "rounded-full",
        )}
        {...props}
      />
      {/* Positioned, so it paints above the input (which is absolute) rather than under its fill. */}
      <span
        aria-hidden="true"
        className="pointer-events-none invisible relative flex text-ink peer-checked:visible"
      >
        {mark}
      </span>
    </span>
  );
}
