import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "@/client/components/chrome-icons";
import { Link } from "@/client/components/link";
import { buttonClass } from "@/client/components/ui/button-variants";
import { cn } from "@/client/lib/cn";
import { MENU_BUTTON_ATTRIBUTE, MENU_LIST_ATTRIBUTE } from "@/common/first-paint";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

/**
 * The phone's menu: a disclosure button ("Game Menu" / "Close Menu") over the same links as the desktop
 * bar, inside the layout's `nav "Main"`. A disclosure rather than an ARIA menu, because these are plain
 * page links.
 */
export function MobileMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();

  // Any navigation (a link here, the bottom bar, the back button) closes the menu. Noticed while rendering
  // (React's "adjusting state when a prop changes"), not in an effect on the path: that effect also runs
  // once when the page has started, and closed a menu tapped open in the moment before (a phone's tap while
  // the page hydrates, CI's stop 34).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-3 lg:hidden">
      {/* Button's look without importing Button (and the Radix Slot behind its asChild) into the chrome. */}
      <button
        type="button"
        className={buttonClass({ variant: open ? "dark" : "default" }, "w-full justify-between")}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        {...{ [MENU_BUTTON_ATTRIBUTE]: "" }}
      >
        <span>{open ? "Close Menu" : "Game Menu"}</span>
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {/* Closed by a class, not the hidden attribute: without the app the page's style shows it open
          (common/first-paint.ts), which Tailwind's important rule for [hidden] would not let it. */}
      <ul
        id={listId}
        className={cn("mt-2 border-3 border-ink bg-paper shadow-pixel", !open && "hidden")}
        {...{ [MENU_LIST_ATTRIBUTE]: "" }}
      >
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.to} className="border-b-2 border-ink/20 last:border-b-0">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  "flex min-h-12 items-center gap-3 px-4 font-pixel text-xs uppercase",
                  active ? "bg-nes-yellow" : "hover:bg-paper-dark",
                )}
              >
                <span aria-hidden="true" className={active ? "" : "invisible"}>
                  ▶
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
