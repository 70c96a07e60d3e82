import type { ReactNode } from "react";
import { NativeLabel } from "@/client/components/ui/native-label";
import { cn } from "@/client/lib/cn";

/** The ids a control points at with aria-describedby: its hint and its error, when present. */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: ReactNode }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * A label, its control, an optional hint and the validation message. The control itself gets
 * `id`, `aria-invalid` and `aria-describedby={describedBy(id, { hint, error })}` from the caller.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <NativeLabel htmlFor={id}>{label}</NativeLabel>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** A validation message under its field, read out as it appears; point the control at `id`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="border-l-4 border-nes-red pl-2 text-sm font-bold">
      {children}
    </p>
  );
}
