import { formatEastern, localTimeBeside, localTimeZone } from "@/common/time";

/**
 * A time on the paper's clock (US Eastern, decisions "Third wave"), with the visitor's own time beside it
 * when their clock reads differently at that instant. `format` picks how much of the moment is said.
 */
export function EasternTime({
  at,
  format = formatEastern,
}: {
  at: string | Date;
  format?: (at: Date | string) => string;
}) {
  const beside = localTimeBeside(at, localTimeZone());
  const iso = new Date(at).toISOString();
  return (
    <>
      <time dateTime={iso}>{format(at)}</time>
      {/* One text node in a span the first paint's script fills for the server (decision 014). */}
      <span className="font-normal" data-local-time={iso}>
        {beside ? ` ${beside}` : null}
      </span>
    </>
  );
}
