import { expect, test } from "./fixtures";

/**
 * Nothing jumps while a page's data arrives (issue 13: cumulative layout shift at most 0.1 on phones). The
 * API answers are held back, as on a slow phone network, and the page's layout shifts are
 * summed as the browser reports them (shifts right after an input do not count, as in CLS).
 */
const ROUTES = ["/", "/tomorrows-news", "/yesterdays-news", "/archive", "/submit", "/about"];
/**
 * Each part of a page appears on its own, as on a phone network, in either order: the schedule before the
 * lists, or after them.
 */
const ORDERS = [
  { name: "schedule first", delayOf: (url: string) => (url.includes("/api/settings") ? 300 : 1_200) },
  { name: "lists first", delayOf: (url: string) => (url.includes("/api/settings") ? 1_200 : 300) },
];

for (const route of ROUTES)
  for (const { name, delayOf } of ORDERS)
    test(`${route} keeps its layout while its data arrives (${name})`, async ({ page }) => {
      await page.route("**/api/**", async (routeToAnswer) => {
        await new Promise((resolve) => setTimeout(resolve, delayOf(routeToAnswer.request().url())));
        await routeToAnswer.fallback();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput) w.__shift += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      // Pictures and fonts settle too.
      await page.waitForFunction(() => document.fonts.status === "loaded");
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift).toBeLessThanOrEqual(0.1);
    });
