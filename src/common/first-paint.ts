/**
 * The first paint drawn on the server (decision 014): the page's HTML comes with the lists it was drawn
 * from, so the browser's first render draws the same page without asking for them again.
 */
export const FIRST_PAINT_ELEMENT_ID = "first-paint";

/** The lists a first paint is drawn from, with the time they were read (ms since the epoch). */
export interface FirstPaintData {
  at: number;
  queries: Array<[readonly unknown[], unknown]>;
}

/**
 * The queries the server answers for a first paint, by the first part of their key: the public lists,
 * the same for every visitor (and a receipt, the same for everyone who holds its link). A visitor's own answers (their votes, their session, their receipts) are
 * fetched by their browser, as the page is shared by everyone who asks for it.
 */
export const FIRST_PAINT_QUERIES: ReadonlySet<unknown> = new Set([
  "settings",
  "headlines",
  "tomorrows-news",
  "yesterdays-news",
  "archive",
  "notifications",
  "payment-info",
  /** A receipt's page (/submission/{receipt}): the same for everyone who holds its link. */
  "submission",
  /** An edition's launch receipt (/launch/{date}): public, the same for everyone. */
  "launches",
]);

/**
 * Marks of the phone menu's button and list (client/app/mobile-menu.tsx) for a page without the app
 * (JavaScript off, or its script failed to load): the first paint then shows the list and hides the button,
 * which would open nothing (issue 28).
 */
export const MENU_BUTTON_ATTRIBUTE = "data-menu-button";
export const MENU_LIST_ATTRIBUTE = "data-menu-list";

/**
 * Set on <html> by the page's first script when JavaScript runs, and taken away again when the app's script
 * cannot be loaded: WITHOUT_APP_STYLE applies while it is absent.
 */
export const APP_SCRIPT_ATTRIBUTE = "data-app-script";

/** The first paint's look without the app: the phone's menu open, its button gone. */
export const WITHOUT_APP_STYLE = [
  `html:not([${APP_SCRIPT_ATTRIBUTE}]) #root [${MENU_LIST_ATTRIBUTE}]{display:block!important}`,
  `html:not([${APP_SCRIPT_ATTRIBUTE}]) #root [${MENU_BUTTON_ATTRIBUTE}]{display:none!important}`,
].join("");
