import { Link } from "@/client/components/link";
import { Badge } from "@/client/components/ui/badge";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useSiteConfig } from "@/client/lib/site-config";
import { editionDate } from "@/common/edition-date";
import { editionPath } from "@/common/pages";
import { accentFor } from "@/common/palette";
import { paths } from "./paths";

const INK = "var(--color-ink)";

/** The edition badge follows the schedule: a daily paper is never called weekly. */
const EDITION = { daily: "DAILY EDITION", weekly: "WEEKLY EDITION", custom: "SPECIAL EDITION" } as const;

/**
 * The logo's accent can be any of the 8 colours, some too light to read on paper, so the letters get an
 * ink outline and a hard ink drop: readable for every accent, like an arcade title screen.
 */
const LOGO_SHADOW = [
  `-2px -2px 0 ${INK}`,
  `2px -2px 0 ${INK}`,
  `-2px 2px 0 ${INK}`,
  `2px 2px 0 ${INK}`,
  `0 -2px 0 ${INK}`,
  `0 2px 0 ${INK}`,
  `-2px 0 0 ${INK}`,
  `2px 0 0 ${INK}`,
  `5px 5px 0 ${INK}`,
].join(", ");

export function Masthead() {
  const { siteName } = useSiteConfig();
  const accent = accentFor(siteName);
  const settings = useSettings().data;
  // The edition date (US Eastern, kept by the server), the same for every visitor in every time zone; never
  // the browser's own day, so nothing shows until the settings arrive.
  const day = settings?.currentDay;

  return (
    <header className="mx-auto w-full max-w-[1200px] px-4 pt-4 sm:pt-6">
      <DoubleRule />
      <div className="flex flex-col items-center gap-2 py-3 text-center sm:flex-row sm:justify-between sm:text-left">
        {day ? (
          // The date is the edition's record: its race, every headline's votes, live until the close.
          <Link
            to={editionPath(day)}
            className="inline-flex min-h-6 items-center font-pixel text-[10px] leading-relaxed uppercase underline-offset-4 hover:underline"
          >
            <time dateTime={day}>{editionDate(day)}</time>
          </Link>
        ) : (
          <span className="min-h-6" />
        )}
        <div className="flex flex-wrap justify-center gap-2">
          <Badge variant="ink">8-BIT EDITION</Badge>
          <Badge variant="default">{EDITION[settings?.scheduleMode ?? "daily"]}</Badge>
        </div>
      </div>
      <div className="border-t border-ink py-4 text-center sm:py-7">
        <Link
          to={paths.home}
          className="inline-block px-2 py-1 font-pixel text-[clamp(1.15rem,6vw,3.25rem)] leading-tight break-words uppercase"
          style={{ color: accent.hex, textShadow: LOGO_SHADOW }}
        >
          {siteName}
        </Link>
        <p className="mt-3 text-base sm:text-lg">~ The Meme Coin Paperboy ~</p>
      </div>
      <DoubleRule />
    </header>
  );
}

/** Two thin ink lines, the broadsheet's rule above and below the nameplate. */
function DoubleRule() {
  return <div aria-hidden="true" className="h-[5px] border-y border-ink" />;
}
