import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://127.0.0.1:4300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const [name, width] of [["phone", 390], ["desktop", 1280]]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const login = await page.request.post(`${base}/api/login`, { data: { username: "admin", password: "shots-password-123" } });
  if (!login.ok()) throw new Error(await login.text());
  for (const [shot, url] of [["audit", "/admin?tab=audit"], ["pending", "/admin?tab=pending"], ["tomorrow-tab", "/admin?tab=tomorrows-news"], ["headline-both", `/h/${process.env.BOTH_ID ?? 2}`], ["headline-qualified", `/h/${process.env.QUAL_ID ?? 3}`], ["tomorrows-news", "/tomorrows-news"], ["home", "/"]]) {
    await page.goto(`${base}${url}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shots/${shot}-${name}.png`, fullPage: shot !== "home" });
  }
  await context.close();
}
await browser.close();
