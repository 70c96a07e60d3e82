import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/client/lib/cn";
import { labelClass } from "./native-label";

/**
 * Controls that answer one question, named by a <legend> in the labels' look: a set of Radio inputs (the
 * browser moves the choice with the arrow keys and Tab enters the group once), or a field made of several
 * controls, like the image's upload and URL.
 */
export function Fieldset({
  legend,
  className,
  children,
  ...props
}: ComponentProps<"fieldset"> & { legend: ReactNode }) {
  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-2", className)} {...props}>
      {/* A legend sits outside the fieldset's flex layout: its margin stands in for the gap. */}
      <legend className={cn(labelClass, "mb-2")}>{legend}</legend>
      {children}
    </fieldset>
  );
}
