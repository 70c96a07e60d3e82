import type { ReactNode } from "react";

/** A section head in pixel type between newspaper rules; every screen has exactly one h1. */
export function PageHeading({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-3 border-b-3 border-ink pb-5">
      <h1 className="font-pixel text-base leading-relaxed sm:text-xl lg:text-2xl">{title}</h1>
      {subtitle ? <p className="text-lg text-ink-soft">{subtitle}</p> : null}
      {children}
    </div>
  );
}
