import { type CSSProperties, useState } from "react";
import { PauseIcon, PlayIcon } from "@/client/components/chrome-icons";
import type { Notification } from "@/common/notification";
import { useNotifications } from "../api/use-notifications";

/**
 * Active notifications as a news crawl under the masthead. Screen readers read the first list once; the
 * second copy only closes the loop visually and is hidden from them. The crawl pauses on hover, on focus
 * and with its button (WCAG 2.2.2), and stands still as a wrapped list under reduced motion (CSS).
 */
export function NewsTicker() {
  const { data, isPending } = useNotifications();
  const [paused, setPaused] = useState(false);
  // The crawl's place is kept while the notices load, so the page under it does not jump when they arrive:
  // the bar is the pause button's 44 px and its 3 px borders high.
  if (isPending) return <div aria-hidden="true" className="mx-auto mt-3 h-[50px] w-full max-w-[1200px]" />;
  if (!data || data.length === 0) return null;

  // Longer crawls run longer, so every message moves at about the same reading speed.
  const characters = data.reduce((sum, n) => sum + n.message.length, 0);
  const duration = Math.max(18, Math.round(characters * 0.28));

  return (
    <section
      aria-label="Latest notices"
      className="ticker mx-auto mt-3 flex w-full max-w-[1200px] items-stretch px-4"
      data-paused={paused}
    >
      <div className="flex w-full items-stretch border-3 border-ink bg-night text-paper shadow-pixel">
        <span className="flex shrink-0 items-center bg-nes-red px-3 font-pixel text-[10px] text-white uppercase">
          Extra!
        </span>
        <div className="relative min-w-0 flex-1 overflow-hidden py-2">
          <div
            className="ticker-track flex w-max"
            style={{ "--crawl-duration": `${duration}s` } as CSSProperties}
          >
            <TickerList items={data} />
            <TickerList items={data} copy />
          </div>
        </div>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? "Resume the news ticker" : "Pause the news ticker"}
          aria-pressed={paused}
          className="flex size-11 shrink-0 cursor-pointer items-center justify-center self-center border-l-3 border-ink bg-paper text-ink hover:bg-nes-yellow focus-visible:outline-nes-yellow motion-reduce:hidden"
        >
          {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
        </button>
      </div>
    </section>
  );
}

function TickerList({ items, copy = false }: { items: Notification[]; copy?: boolean }) {
  return (
    <ul
      aria-hidden={copy ? "true" : undefined}
      className={`${copy ? "ticker-copy " : ""}flex shrink-0 items-center`}
    >
      {items.map((item) => (
        <li key={item.id} className="flex items-center px-4 text-base whitespace-nowrap">
          <span aria-hidden="true" className="mr-4 text-nes-yellow">
            ◆
          </span>
          {item.message}
        </li>
      ))}
    </ul>
  );
}
