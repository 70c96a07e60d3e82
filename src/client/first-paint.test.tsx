import { afterEach, describe, expect, it } from "vitest";
import { renderFirstPaint, transport } from "./first-paint";

const SITE = { siteName: "Meme Gazette", tokenAddress: null, telegramUrl: null, xUrl: null, publicUrl: null };
const SETTINGS = {
  votingEndTime: "2026-11-28T01:00:00.000Z",
  launchTime: "2026-11-28T03:00:00.000Z",
  currentDay: "2026-11-27",
  scheduleMode: "daily",
};

const sent = transport.fetch;
afterEach(() => {
  transport.fetch = sent;
});

/** The server's routes as the renderer reads them: each path's answer, or a status without one. */
function answering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  transport.fetch = async (input) => {
    const path = String(input);
    asked.push(path);
    const answer = answers[path];
    if (typeof answer === "number")
      return new Response(JSON.stringify({ message: "down" }), { status: answer });
    if (answer === undefined) return new Response(JSON.stringify({ message: "no route" }), { status: 404 });
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  };
  return asked;
}

describe("renderFirstPaint", () => {
  it("asks for the public lists the page draws, draws them, and returns them for the browser", async () => {
    const asked = answering({ "/api/settings": SETTINGS, "/api/notifications": [] });
    const paint = await renderFirstPaint("/about", SITE);
    expect(paint.html).toContain("About Meme Gazette");
    // The masthead's date comes from the settings read for it.
    expect(paint.html).toContain("2026-11-27");
    expect(paint.data.queries.map(([key]) => key[0]).sort()).toEqual(["notifications", "settings"]);
    // A visitor's own answers (their session, their votes) are never asked for: the page is everyone's.
    expect(asked.filter((path) => path.startsWith("/api/me") || path.startsWith("/api/user"))).toEqual([]);
  });

  it("draws a page once with the lists it is given, asking for none of them again", async () => {
    const asked = answering({});
    const keys: unknown[] = [];
    const paint = await renderFirstPaint("/about", SITE, {
      known: [
        [["settings"], SETTINGS],
        [["notifications"], []],
      ],
      around: async (key, fetch) => {
        keys.push(key);
        await fetch();
      },
    });
    expect(paint.html).toContain("2026-11-27");
    expect(asked).toEqual([]);
    expect(keys).toEqual([]);
    expect(paint.data.queries.map(([key]) => key[0]).sort()).toEqual(["notifications", "settings"]);
  });

  it("tells the server which list each of its reads was for", async () => {
    answering({ "/api/settings": SETTINGS, "/api/notifications": [] });
    const keys: unknown[] = [];
    await renderFirstPaint("/about", SITE, {
      around: async (key, fetch) => {
        keys.push(key);
        await fetch();
      },
    });
    expect(keys).toEqual(expect.arrayContaining([["settings"], ["notifications"]]));
  });

  it("refuses to draw a page whose list could not be read, rather than keep its error for everyone", async () => {
    answering({ "/api/settings": SETTINGS, "/api/notifications": [], "/api/headlines": 503 });
    await expect(renderFirstPaint("/", SITE)).rejects.toThrow(/first paint without/);
  });
});
