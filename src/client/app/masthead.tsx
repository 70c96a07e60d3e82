import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { useSettings } from "@/client/features/settings/api/use-settings";
import { useSiteConfig } from "@/client/lib/site-config";
import { editionDate, editionWords } from "@/common/edition";
import { accentFor } from "@/common/palette";
import { easternDay } from "@/common/time";
import { paths } from "./paths";

const INK = "var(--color-ink)";

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
  // The edition date (US Eastern, kept by the server), the same for every visitor in every time zone; until
  // the settings arrive, today's date in Eastern time, which is what the server keeps.
  const day = settings?.currentDay ?? easternDay(new Date());

  return (
    <header className="mx-auto w-full max-w-[1200px] px-4 pt-4 sm:pt-6">
      <DoubleRule />
      <div className="flex flex-col items-center gap-2 py-3 text-center sm:flex-row sm:justify-between sm:text-left">
        <time dateTime={day} className="font-pixel text-[10px] leading-relaxed uppercase">
          {editionDate(day)}
        </time>
        <div className="flex flex-wrap justify-center gap-2">
          <Badge variant="ink">8-BIT EDITION</Badge>
          <Badge variant="default">{editionWords(settings?.scheduleMode).edition}</Badge>
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
