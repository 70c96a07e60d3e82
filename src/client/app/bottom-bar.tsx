import { useLocation } from "react-router";
import { Link } from "@/client/components/link";
import { cn } from "@/client/lib/cn";
import { BOTTOM_BAR_ITEMS, isNavItemActive } from "./nav-items";

/** The phone's fixed bottom bar; the layout pads the page by its height so it never hides content. */
export function BottomBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-40 border-t-3 border-ink bg-ink pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {BOTTOM_BAR_ITEMS.map(({ label, to, match, Icon }) => {
          const active = isNavItemActive({ match }, pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex min-h-16 flex-col items-center justify-center gap-1.5 px-1 font-pixel text-[10px] tracking-[-0.06em] uppercase focus-visible:-outline-offset-[6px]",
                  // The ring sits inside the item (the bar touches the screen edge): ink on yellow, yellow on ink.
                  active
                    ? "bg-nes-yellow text-ink focus-visible:outline-ink"
                    : "text-paper hover:bg-[#2d2d2d] focus-visible:outline-nes-yellow",
                )}
              >
                <Icon className="size-5" />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
