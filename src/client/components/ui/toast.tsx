import { cva, type VariantProps } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { CloseIcon } from "@/client/components/chrome-icons";
import { cn } from "@/client/lib/cn";

/** The spec's toast timing: auto-close after 5 s, a 50 px swipe to the right dismisses. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} {...props} />;
}

/** Bottom right, above the phone's bottom bar; F8 moves focus here (Radix's default hotkey). */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={["F8"]}
      className={cn(
        "fixed right-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[100] m-0 flex w-full max-w-md list-none flex-col gap-2 p-4 outline-none lg:bottom-0",
        className,
      )}
      {...props}
    />
  );
}

/** An old RPG dialogue box: paper fill inside a double ink frame, pixel title, a blinking "more" arrow. */
const toastVariants = cva(
  "toast-box group relative flex w-full items-start gap-3 border-3 border-ink p-4 pr-14 shadow-pixel outline outline-2 outline-offset-[-7px]",
  {
    variants: {
      variant: {
        default: "bg-paper text-ink outline-ink",
        destructive: "bg-nes-red text-white outline-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, children, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props}>
      {children}
      <span
        aria-hidden="true"
        className="absolute right-4 bottom-2 font-pixel text-[10px] motion-safe:animate-blink"
      >
        ▼
      </span>
    </ToastPrimitive.Root>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("font-pixel text-xs leading-relaxed", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-base leading-snug", className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        "absolute top-2 right-2 inline-flex size-11 cursor-pointer items-center justify-center hover:bg-black/10",
        className,
      )}
      {...props}
    >
      <CloseIcon className="size-4" />
    </ToastPrimitive.Close>
  );
}

export const ToastAction = ToastPrimitive.Action;
