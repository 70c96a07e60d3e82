import { afterEach, describe, expect, it } from "vitest";
import { isSolanaAddress } from "@/common/solana-address";
import { storeImage } from "../features/images/images.service";
import { createHeadline } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { headlines, telegramPosts } from "./schema";
import { seedDemoIfEmpty } from "./seed-demo";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("the sample edition", () => {
  it("fills an empty database so that every screen has content", async () => {
    t = await createTestApp();
    expect(await seedDemoIfEmpty(t.db, new Date(), storeImage)).toBe(true);
    const get = async (url: string) =>
      (await t?.app.inject({ method: "GET", url }))?.json() as Array<Record<string, unknown>>;

    const home = await get("/api/headlines");
    expect(home[0]).toMatchObject({ isWinner: true });
    expect(isSolanaAddress(String(home[0]?.contractAddress))).toBe(true);
    expect(home.length).toBeGreaterThanOrEqual(4);
    expect((await get("/api/tomorrows-news")).length).toBeGreaterThanOrEqual(4);
    const tokens = await get("/api/yesterdays-news");
    expect(tokens.some((x) => typeof x.marketCap === "number" && typeof x.price === "number")).toBe(true);
    const months = new Set((await get("/api/archive")).map((e) => String(e.launchDate).slice(0, 7)));
    expect(months.size).toBe(2);
    expect((await get("/api/notifications"))[0]?.message).toMatch(/SAMPLE EDITION/);

    const image = await t.app.inject({ method: "GET", url: String(home[0]?.imageUrl) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    // Its tokens are fiction: nothing of it is announced on a Telegram channel.
    expect(await t.db.select().from(telegramPosts)).toEqual([]);
  });

  it("never touches a database that holds any content", async () => {
    t = await createTestApp();
    await createHeadline(t.db, { title: "Real news" });
    expect(await seedDemoIfEmpty(t.db, new Date(), storeImage)).toBe(false);
    expect(await t.db.select().from(headlines)).toHaveLength(1);
  });
});
