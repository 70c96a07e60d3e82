import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { NativeLabel } from "./native-label";

/**
 * NativeLabel with Radix Label's behaviour on top (a double click does not select the label's text), for
 * the admin screens, which are not on the first-load budget.
 */
export function Label(props: ComponentProps<"label">) {
  return (
    <LabelPrimitive.Root asChild>
      <NativeLabel {...props} />
    </LabelPrimitive.Root>
  );
}
