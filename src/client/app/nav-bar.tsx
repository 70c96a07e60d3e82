import { useLocation } from "react-router";
import { Link } from "@/client/components/link";
import { cn } from "@/client/lib/cn";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

/**
 * The desktop section bar: every page, the current one filled yellow and marked aria-current. It and the
 * phone's menu sit in the layout's one `nav "Main"` (issue 28: two landmarks of one name).
 */
export function NavBar() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto hidden w-full max-w-[1200px] px-4 pt-3 lg:block">
      <ul className="flex flex-wrap justify-center gap-2 border-3 border-ink bg-ink p-2 shadow-pixel">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  // On the ink bar a yellow focus ring reads better than the default blue one.
                  "inline-flex min-h-11 items-center px-3 font-pixel text-[10px] uppercase leading-relaxed focus-visible:outline-nes-yellow xl:text-xs",
                  active ? "bg-nes-yellow text-ink" : "text-paper hover:bg-paper hover:text-ink",
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
