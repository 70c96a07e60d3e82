import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/connect";
import { headlines, images } from "../../db/schema";
import { createArchiveEntry, createHeadline } from "../../test/factories";
import { createTestDatabase } from "../../test/test-app";
import { deleteUnusedImages, storeImage } from "./images.service";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const DAY_MS = 86_400_000;

describe("deleteUnusedImages", () => {
  it("deletes only images older than the cut-off that no headline or archive entry shows", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const store = async (label: string, ageMs: number) => {
      const url = await storeImage(db, {
        bytes: Buffer.from(label),
        contentType: "image/png",
        width: 1,
        height: 1,
      });
      const hash = url.split("/").pop() as string;
      await db
        .update(images)
        .set({ createdAt: new Date(Date.now() - ageMs) })
        .where(eq(images.hash, hash));
      return url;
    };
    const onHeadline = await store("on a headline", 3 * DAY_MS);
    const absolute = await store("named by an absolute URL", 3 * DAY_MS);
    const archived = await store("in the archive", 3 * DAY_MS);
    const abandoned = await store("an upload never submitted", 3 * DAY_MS);
    const recent = await store("uploaded an hour ago", 60 * 60_000);
    const replaced = await store("a token image later replaced", 3 * DAY_MS);
    const expired = await store("a promoted submission's, expired unpaid", 3 * DAY_MS);

    await createHeadline(db, { imageUrl: onHeadline });
    await createHeadline(db, { imageUrl: `https://memegazette.example${absolute}` });
    await createHeadline(db, { imageUrl: null });
    await createHeadline(db, { imageUrl: "https://cdn.example.com/elsewhere.png" });
    await createArchiveEntry(db, { imageUrl: archived });
    await createHeadline(db, {
      imageUrl: expired,
      stage: "expired",
      paymentReference: "ExpiredReference1111111111111111",
    });
    const token = await createHeadline(db, { imageUrl: replaced });
    await db.update(headlines).set({ imageUrl: onHeadline }).where(eq(headlines.id, token.id));

    expect(await deleteUnusedImages(db, new Date(Date.now() - 2 * DAY_MS))).toBe(3);
    const left = (await db.select({ hash: images.hash }).from(images)).map(
      (row) => `/api/images/${row.hash}`,
    );
    expect(left.sort()).toEqual([onHeadline, absolute, archived, recent].sort());
    expect(left).not.toContain(abandoned);
    expect(left).not.toContain(replaced);
    expect(left).not.toContain(expired);
    // A second pass finds nothing more.
    expect(await deleteUnusedImages(db, new Date(Date.now() - 2 * DAY_MS))).toBe(0);
  });

  it("keeps a drawn share card while its headline exists, and lets it go with its headline", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const kept = await createHeadline(db);
    const gone = await createHeadline(db);
    const old = new Date(Date.now() - 3 * DAY_MS);
    const card = (hash: string) => ({
      hash,
      contentType: "image/png",
      bytes: Buffer.from(hash),
      width: 1200,
      height: 630,
      createdAt: old,
    });
    await db
      .insert(images)
      .values([
        card(`card:h:${kept.id}:abcdefghijkl`),
        card(`card:h:${gone.id}:abcdefghijkl`),
        card("card:edition:abcdefghijkl"),
      ]);
    await db.delete(headlines).where(eq(headlines.id, gone.id));
    expect(await deleteUnusedImages(db, new Date(Date.now() - 2 * DAY_MS))).toBe(1);
    const left = (await db.select({ hash: images.hash }).from(images)).map((row) => row.hash);
    expect(left.sort()).toEqual([`card:h:${kept.id}:abcdefghijkl`, "card:edition:abcdefghijkl"].sort());
  });
});
