import type { ComponentProps } from "react";
import { cn } from "@/client/lib/cn";

/** A printed panel: ink frame, hard shadow, square corners. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col border-3 border-ink bg-paper-dark text-ink shadow-pixel", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 p-4 sm:p-5", className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("font-pixel text-sm leading-relaxed sm:text-base", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-base text-ink-soft", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-4 pb-4 sm:px-5 sm:pb-5", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("mt-auto flex flex-wrap items-center gap-3 px-4 pb-4 sm:px-5 sm:pb-5", className)}
      {...props}
    />
  );
}
