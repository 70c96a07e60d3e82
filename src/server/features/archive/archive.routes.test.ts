import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ArchiveListSchema } from "@/common/archive";
import { createArchiveEntry, createHeadline } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("GET /api/archive", () => {
  it("answers an empty list on a new database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/archive" });
    expect(res.json()).toEqual([]);
  });

  it("lists entries newest launch first with the fields the archive reads", async () => {
    await createArchiveEntry(t.db, { title: "October", launchDate: "2026-10-30" });
    await createArchiveEntry(t.db, {
      title: "November",
      launchDate: "2026-11-20",
      memeCoin: "NOV",
      votes: 12,
    });
    const res = await t.app.inject({ method: "GET", url: "/api/archive" });
    const list = ArchiveListSchema.parse(res.json());
    expect(list.map((e) => e.title)).toEqual(["November", "October"]);
    expect(list[0]).toMatchObject({ launchDate: "2026-11-20", memeCoin: "NOV", votes: 12 });
  });

  it("names each entry's headline, so the archive links its page (issue 31)", async () => {
    const winner = await createHeadline(t.db, { title: "Crowned long ago", stage: "past_winner" });
    await createArchiveEntry(t.db, { title: "Crowned long ago", headlineId: winner.id });
    await createArchiveEntry(t.db, { title: "Its headline is gone" });
    const list = ArchiveListSchema.parse((await t.app.inject({ method: "GET", url: "/api/archive" })).json());
    expect(list.map((e) => [e.title, e.headlineId])).toEqual(
      expect.arrayContaining([
        ["Crowned long ago", winner.id],
        ["Its headline is gone", null],
      ]),
    );
  });
});
