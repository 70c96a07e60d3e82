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
  return (
    <>
      <time dateTime={String(at)}>{format(at)}</time>
      {beside ? <span className="font-normal"> {beside}</span> : null}
    </>
  );
}
