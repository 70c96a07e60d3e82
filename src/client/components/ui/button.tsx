import type { VariantProps } from "class-variance-authority";
import { Children, type ComponentProps, cloneElement, isValidElement, type Ref } from "react";
import { buttonClass, type buttonVariants } from "./button-variants";

export { buttonClass, buttonVariants } from "./button-variants";

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, node: T | null): void {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/**
 * The button's props on its only child, as Radix Slot merges them: the child's own props win, except that
 * class names add up, styles merge, both event handlers run (the child's first) and both refs are set.
 * A few lines instead of Radix Slot (1.4 kB of gzip on most pages' first load, for links that look like
 * buttons); the Radix primitives keep their own Slot for their triggers.
 */
function slotProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const key of Object.keys(slot)) {
    const own = slot[key];
    const theirs = child[key];
    if (own === undefined || theirs === undefined) {
      merged[key] = own ?? theirs;
    } else if (/^on[A-Z]/.test(key) && typeof own === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        const result = theirs(...args);
        own(...args);
        return result;
      };
    } else if (key === "className") {
      merged[key] = [own, theirs].filter(Boolean).join(" ");
    } else if (key === "style") {
      merged[key] = { ...(own as object), ...(theirs as object) };
    } else if (key === "ref") {
      merged[key] = (node: unknown) => {
        setRef(own as Ref<unknown>, node);
        setRef(theirs as Ref<unknown>, node);
      };
    }
  }
  return merged;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    const { children, ...rest } = props;
    const child = Children.only(children);
    if (!isValidElement<Props>(child)) throw new Error("Button asChild needs one element as its child");
    return cloneElement(
      child,
      slotProps({ ...rest, className: buttonClass({ variant, size }, className) }, child.props),
    );
  }
  return <button type={type ?? "button"} className={buttonClass({ variant, size }, className)} {...props} />;
}
