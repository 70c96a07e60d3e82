import type { ComponentProps } from "react";
import { ChoiceBox } from "./choice-box";

/**
 * One option of a set (a native radio input; the options share a `name` inside a <Fieldset>): a round
 * socket with a pixel dot when chosen (a 4x4 pixel disc, its corners cut), so it never reads as a checkbox's
 * square (issue 31). Pair it with a <NativeLabel htmlFor> in a 44 px row.
 */
export function Radio(props: Omit<ComponentProps<"input">, "type">) {
  return (
    <ChoiceBox
      type="radio"
      mark={
        <span className="block size-3 bg-ink [clip-path:polygon(25%_0,75%_0,75%_25%,100%_25%,100%_75%,75%_75%,75%_100%,25%_100%,25%_75%,0_75%,0_25%,25%_25%)]" />
      }
      {...props}
    />
  );
}
