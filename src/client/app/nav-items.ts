import { ArrowLeftIcon, ArrowRightIcon, HomeIcon, PencilIcon } from "@/client/components/icons";
import { type AppPath, paths } from "./paths";

export interface NavItem {
  label: string;
  to: AppPath;
  /** The paths that mark this item as the current page. */
  match: readonly AppPath[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Today's News", to: paths.home, match: [paths.home] },
  { label: "Tomorrow's News", to: paths.tomorrowsNews, match: [paths.tomorrowsNews] },
  { label: "Yesterday's News", to: paths.yesterdaysNews, match: [paths.yesterdaysNews, paths.oldNews] },
  { label: "Archive", to: paths.archive, match: [paths.archive] },
  { label: "Submit", to: paths.submit, match: [paths.submit] },
  { label: "Promoted", to: paths.paidSubmit, match: [paths.paidSubmit] },
  { label: "About", to: paths.about, match: [paths.about] },
];

/** The phone's fixed bottom bar: the four places a visitor goes most. */
export const BOTTOM_BAR_ITEMS = [
  { label: "Home", to: paths.home, match: [paths.home], Icon: HomeIcon },
  { label: "Tomorrow", to: paths.tomorrowsNews, match: [paths.tomorrowsNews], Icon: ArrowRightIcon },
  {
    label: "Yesterday",
    to: paths.yesterdaysNews,
    match: [paths.yesterdaysNews, paths.oldNews],
    Icon: ArrowLeftIcon,
  },
  { label: "Submit", to: paths.submit, match: [paths.submit], Icon: PencilIcon },
] as const satisfies readonly (NavItem & { Icon: unknown })[];

/**
 * Whether a navigation item is the current page. Routes match case-insensitively and with a trailing
 * slash, so the highlight must too (/ARCHIVE/ still marks Archive).
 */
export function isNavItemActive(item: Pick<NavItem, "match">, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  return item.match.some((path) => path === current);
}
