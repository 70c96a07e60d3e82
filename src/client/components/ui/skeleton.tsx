import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A grey block where content will be; hidden from screen readers (the loading region announces itself). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("border-2 border-ink/30 bg-paper-dark motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}

/** Wraps skeletons in a status region so assistive technology hears "Loading" once. */
export function SkeletonGroup({
  label = "Loading",
  className,
  children,
  ...props
}: ComponentProps<"div"> & { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className} {...props}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
