/** Why a control beside it is disabled, or what it does: visible, and the control's description (aria-describedby). */
export function Reason({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="max-w-prose text-sm text-ink-soft">
      {children}
    </p>
  );
}
