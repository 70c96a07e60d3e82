import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);

/**
 * Every page in the suite reaches only the local server: outside hosts (token-icon services, images on
 * other domains) are aborted, so the image fallback chain and the timings are the same on every run.
 */
export const test = base.extend<{ blockOutsideHosts: undefined; visitorAddress: string }>({
  /**
   * Each test is a visitor from its own address. The e2e server trusts loopback as a proxy (TRUST_PROXY), as
   * a server behind a load balancer does, so the per-IP limits (10 votes a day, submissions per hour, login
   * attempts) apply per test instead of to the whole suite, which all comes from 127.0.0.1.
   */
  visitorAddress: [
    async ({ context }, use) => {
      const address = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
      await context.setExtraHTTPHeaders({ "x-forwarded-for": address });
      await use(address);
    },
    { auto: true },
  ],
  blockOutsideHosts: [
    async ({ context }, use) => {
      await context.route(
        (url) => !LOCAL_HOSTS.has(url.hostname),
        (route) => route.abort("blockedbyclient"),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

export const SITE_NAME = "Meme Gazette";
export const TOKEN_ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
/** The e2e server's PAYMENT_ADDRESS (playwright.config.ts): promoted submissions pay it on the fake chain. */
export const PAYMENT_ADDRESS = "HdaKLkSJTcUkGPFfTZgu7XyWo9rBXgmjtFwbNJxHqbQd";

/** The launch's test wallet (Keypair.fromSeed of 32 bytes of 41: e2e/admin-launch.spec.ts signs with it). */
export const LAUNCH_WALLET = "HqznL4EpJTbWZmqqetb4sJPftBUN1s6uNdQURBAfAsBr";
/** The e2e server's LAUNCH_CREATOR_ADDRESS: the launched coins' creator fees go there. */
export const LAUNCH_CREATOR = "2iXtA8oeZqUU5pofxK971TCEvFGfems2AcDRaZHKD2pQ";

/** Every route with the title its page shows. */
export const ROUTE_TITLES: readonly { path: string; title: string }[] = [
  { path: "/", title: "Vote on Today's Viral Headlines" },
  { path: "/tomorrows-news", title: "Tomorrow's News" },
  { path: "/yesterdays-news", title: "Yesterday's News: Launched Tokens" },
  { path: "/old-news", title: "Yesterday's News: Launched Tokens" },
  { path: "/archive", title: `${SITE_NAME} Archive` },
  { path: "/submit", title: "Submit Your Headline" },
  { path: "/paid-submit", title: "Promoted Submission" },
  { path: "/about", title: `About ${SITE_NAME}` },
  { path: "/admin", title: "Admin Controls" },
  { path: "/this-page-does-not-exist", title: "404 Page Not Found" },
];

export function pageTitle(page: Page) {
  return page.getByRole("heading", { level: 1 });
}

/** Phones get the menu and bottom bar; desktops the section bar. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** The toast region (Radix Toast's viewport). */
export function toastRegion(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** The toasts themselves, one list item each. */
export function toastItems(page: Page) {
  return toastRegion(page).locator("li");
}

/**
 * Opens `url` as the browser app draws it without the server's first paint (decision 014): what a visitor
 * gets when the server could not draw the page, and on every move inside the app. The page then asks for its
 * lists itself, so the test's `page.route` answers (a slow list, a failing one, a made-up token) reach it.
 */
export async function gotoDrawnByBrowser(page: Page, url: string): Promise<void> {
  const pathname = new URL(url, "http://localhost").pathname;
  await page.route(
    (address) => address.pathname === pathname,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script id="first-paint"[^>]*>[^<]*<\/script>/,
        '<div id="root"></div>',
      );
      await route.fulfill({ response, body });
    },
  );
  await page.goto(url);
}

/** The day's schedule as the server has it: when voting closes and when the winner launches. */
export async function scheduleOf(
  request: APIRequestContext,
): Promise<{ votingEndTime: string; launchTime: string }> {
  return (await (await request.get("/api/settings")).json()) as { votingEndTime: string; launchTime: string };
}

/**
 * There is one current winner per paper, and the admin specs (and the desktop and phone runs of one spec with
 * `--no-deps`) may share the server at the same time. Crowning, moving a winner, launching its coin or moving
 * the close is therefore done under a lock between the workers, so one test never moves another's winner.
 * A lock older than two minutes is a crashed run's; a test that takes it allows for the wait (180 s).
 */
export async function withWinnerLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `meme-gazette-e2e-${process.env.E2E_PORT ?? "4173"}-winner.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 120_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
