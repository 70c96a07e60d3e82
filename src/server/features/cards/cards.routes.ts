import type { FastifyReply } from "fastify";
import { z } from "zod";
import { idParamSchema } from "@/common/ids";
import { notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { cardContent, cardVersion, editionCardContent } from "../headlines/card-path";
import { findEdition, findHeadlinePage } from "../headlines/headlines.service";
import { drawEditionCard, drawHeadlineCard } from "./cards.service";

const ONE_YEAR_S = 31_536_000;
/** Cards kept in memory (each ~20-40 kB): the busy headlines and the edition are always ready. */
const CARDS_KEPT = 300;
const FILE = /^([A-Za-z0-9_-]{12})\.png$/;

const CardFileSchema = z.object({ file: z.string().regex(FILE, "No such card") });
const HeadlineCardParamsSchema = CardFileSchema.extend({ id: idParamSchema("No such card") });

/**
 * Share cards (og:image): a card's URL carries the version of what it draws (headlines/card-path.ts), so an
 * answer never changes and is cached for a year. Each version is drawn once per process, also when a burst
 * of crawlers asks at once (they share one drawing), on the image workers, and kept in memory; an old
 * version's URL is sent to the current one.
 */
export async function cardsRoutes(app: App): Promise<void> {
  const cards = new Map<string, Promise<Buffer>>();
  const cardFor = (
    key: string,
    kind: "headline" | "edition",
    draw: () => Promise<Buffer>,
  ): Promise<Buffer> => {
    const kept = cards.get(key);
    if (kept) {
      cards.delete(key); // re-inserted: the Map's order is the use order
      cards.set(key, kept);
      return kept;
    }
    const ticket = app.imageWork.enter();
    const drawing = ticket.run(async () => {
      const end = app.metrics.cardsDrawn.startTimer({ kind });
      try {
        return await draw();
      } finally {
        end();
      }
    });
    cards.set(key, drawing);
    if (cards.size > CARDS_KEPT) cards.delete(cards.keys().next().value as string);
    drawing.catch(() => cards.delete(key));
    return drawing;
  };

  const send = (reply: FastifyReply, png: Buffer) =>
    reply.type("image/png").header("cache-control", `public, max-age=${ONE_YEAR_S}, immutable`).send(png);
  const moved = (reply: FastifyReply, path: string) =>
    reply.header("cache-control", "public, max-age=60").redirect(path, 302);

  app.get("/cards/h/:id/:file", { schema: { params: HeadlineCardParamsSchema } }, async (request, reply) => {
    const { id, file } = request.params;
    const headline = await findHeadlinePage(app.db, id);
    if (!headline) throw notFound("No such card");
    const version = cardVersion(cardContent(headline));
    if (FILE.exec(file)?.[1] !== version) return moved(reply, `/cards/h/${id}/${version}.png`);
    return send(
      reply,
      await cardFor(`h:${id}:${version}`, "headline", () =>
        drawHeadlineCard(app.db, app.config.siteName, headline),
      ),
    );
  });

  app.get("/cards/edition/:file", { schema: { params: CardFileSchema } }, async (request, reply) => {
    const edition = await findEdition(app.db);
    const version = cardVersion(editionCardContent(edition));
    if (FILE.exec(request.params.file)?.[1] !== version) return moved(reply, `/cards/edition/${version}.png`);
    return send(
      reply,
      await cardFor(`edition:${version}`, "edition", () =>
        drawEditionCard(app.db, app.config.siteName, edition),
      ),
    );
  });
}
