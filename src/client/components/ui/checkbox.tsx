import type { ComponentProps } from "react";
import { CheckIcon } from "@/client/components/icons";
import { ChoiceBox } from "./choice-box";

/** A square 8-bit tick box (a native checkbox); pair it with a <NativeLabel htmlFor> in a 44 px row. */
export function Checkbox(props: Omit<ComponentProps<"input">, "type">) {
  return <ChoiceBox type="checkbox" mark={<CheckIcon className="size-5" />} {...props} />;
}
