import type { ComponentProps } from "react";
import { ChoiceBox } from "./choice-box";

/**
 * One option of a set (a native radio input; the options share a `name` inside a <Fieldset>): a square
 * socket with a filled pixel when chosen, square corners as everywhere. Pair it with a <NativeLabel htmlFor>
 * in a 44 px row.
 */
export function Radio(props: Omit<ComponentProps<"input">, "type">) {
  return <ChoiceBox type="radio" mark={<span className="block size-3 bg-ink" />} {...props} />;
}
