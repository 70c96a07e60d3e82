import type { FastifyReply } from "fastify";
import { z } from "zod";
import { editionCardFile, editionDayCardFile, headlineCardFile } from "@/common/card-path";
import { EDITION_DATE } from "@/common/edition-record";
import { idParamSchema } from "@/common/ids";
import { EMBEDDABLE } from "../../lib/embeddable";
import { notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { cardContent, cardVersion, editionCardContent, editionDayCardContent } from "../headlines/card-path";
import { findEditionLeader } from "../headlines/editions.service";
import { findEdition, findHeadlinePage } from "../headlines/headlines.service";
import { ImageWorkQueue, type WorkTicket } from "../uploads/image-work-queue";
import {
  type CardKey,
  editionCardKey,
  editionDayCardKey,
  findStoredCard,
  headlineCardKey,
  storeCard,
} from "./card-store";
import { drawEditionCard, drawHeadlineCard } from "./cards.service";
import { DrawAllowance } from "./draw-allowance";

const ONE_YEAR_S = 31_536_000;
/** Cards kept in memory (each ~20-40 kB): the busy headlines and the edition are always ready. */
let cardsKept = 300;
/** For tests only: a smaller memory, to show what happens beyond it without drawing hundreds of cards. */
export function setCardsKept(count: number): void {
  cardsKept = count;
}
const FILE = /^([A-Za-z0-9_-]{12})\.png$/;

/**
 * Cards are drawn on a queue of their own, never the uploads' (issue 20: crawlers forcing redraws made real
 * uploads answer 503): one worker, as a drawing takes ~120 ms of a core (satori's layout on the event loop,
 * resvg's PNG on the thread pool) and the machine has the uploads' two workers to run as well; a queue of
 * a few more, beyond which a crawler hears 503 with Retry-After and comes back.
 */
const CARD_WORKERS = 1;
const CARD_QUEUE_MAX = 16;
export const CARDS_BUSY = "The server is busy drawing share cards. Please try again in a moment.";

const CardFileSchema = z.object({ file: z.string().regex(FILE, "No such card") });
const HeadlineCardParamsSchema = CardFileSchema.extend({ id: idParamSchema("No such card") });
const EditionCardParamsSchema = CardFileSchema.extend({
  day: z.string().regex(EDITION_DATE, "No such card"),
});

/**
 * Share cards (og:image): a card's URL carries the version of what it draws (headlines/card-path.ts), so an
 * answer never changes and is cached for a year. Each version is drawn once for the site: kept in the
 * database (card-store.ts) for every process and restart, and in this process's memory for the busy ones;
 * a burst of crawlers asking at once shares one drawing. Drawings run on the cards' own queue, and each
 * network may cause only so many a minute (draw-allowance.ts). An old version's URL is sent to the current
 * one.
 */
export async function cardsRoutes(app: App): Promise<void> {
  const cards = new Map<string, Promise<Buffer>>();
  const work = new ImageWorkQueue(CARD_QUEUE_MAX, CARD_WORKERS, CARDS_BUSY);
  app.metrics.watchQueue("cards", work);
  const allowance = new DrawAllowance();
  const remember = (key: string, card: Promise<Buffer>) => {
    cards.delete(key); // re-inserted: the Map's order is the use order
    cards.set(key, card);
    while (cards.size > cardsKept) cards.delete(cards.keys().next().value as string);
  };

  const cardFor = async (
    card: CardKey,
    kind: "headline" | "edition" | "edition-day",
    network: string,
    draw: () => Promise<Buffer>,
  ): Promise<Buffer> => {
    const kept = cards.get(card.key);
    if (kept) {
      remember(card.key, kept);
      return kept;
    }
    const stored = await findStoredCard(app.db, card);
    // Another request of this process may have begun drawing it while the database was asked.
    const meanwhile = cards.get(card.key);
    if (meanwhile) return meanwhile;
    if (stored) {
      remember(card.key, Promise.resolve(stored));
      return stored;
    }

    const refund = allowance.take(network);
    let ticket: WorkTicket;
    try {
      ticket = work.enter();
    } catch (error) {
      refund(); // refused before any drawing: it does not count
      throw error;
    }
    const drawing = ticket.run(async () => {
      const end = app.metrics.cardsDrawn.startTimer({ kind });
      try {
        return await draw();
      } finally {
        end();
      }
    });
    const keeping = drawing.then(async (png) => {
      await storeCard(app.db, card, png);
      return png;
    });
    remember(card.key, keeping);
    keeping.catch(() => {
      if (cards.get(card.key) === keeping) cards.delete(card.key);
    });
    return keeping;
  };

  const send = (reply: FastifyReply, png: Buffer) =>
    reply
      .type("image/png")
      .header("cache-control", `public, max-age=${ONE_YEAR_S}, immutable`)
      // A card is for other sites to show (link previews, feed readers): any origin may embed it.
      .headers(EMBEDDABLE)
      .send(png);
  const moved = (reply: FastifyReply, path: string) =>
    reply.header("cache-control", "public, max-age=60").redirect(path, 302);

  app.get("/cards/h/:id/:file", { schema: { params: HeadlineCardParamsSchema } }, async (request, reply) => {
    const { id, file } = request.params;
    const headline = await findHeadlinePage(app.db, id);
    if (!headline) throw notFound("No such card");
    const version = cardVersion(cardContent(headline));
    if (FILE.exec(file)?.[1] !== version) return moved(reply, headlineCardFile(id, version));
    return send(
      reply,
      await cardFor(headlineCardKey(id, version), "headline", request.visitor.network, () =>
        drawHeadlineCard(app.db, app.config.siteName, headline),
      ),
    );
  });

  app.get("/cards/edition/:file", { schema: { params: CardFileSchema } }, async (request, reply) => {
    const edition = await findEdition(app.db);
    const version = cardVersion(editionCardContent(edition));
    if (FILE.exec(request.params.file)?.[1] !== version) return moved(reply, editionCardFile(version));
    return send(
      reply,
      await cardFor(editionCardKey(version), "edition", request.visitor.network, () =>
        drawEditionCard(app.db, app.config.siteName, edition),
      ),
    );
  });

  // One edition's own card (its page, /edition/{day}): its winner, or its leader while it runs.
  app.get(
    "/cards/edition/:day/:file",
    { schema: { params: EditionCardParamsSchema } },
    async (request, reply) => {
      const { day, file } = request.params;
      const found = await findEditionLeader(app.db, day, new Date());
      if (!found) throw notFound("No such card");
      const edition = { day, leader: found.leader, final: found.final };
      const version = cardVersion(editionDayCardContent(edition));
      if (FILE.exec(file)?.[1] !== version) return moved(reply, editionDayCardFile(day, version));
      return send(
        reply,
        await cardFor(editionDayCardKey(day, version), "edition-day", request.visitor.network, () =>
          drawEditionCard(app.db, app.config.siteName, edition, found.final ? "THE WINNER" : "LEADING NOW"),
        ),
      );
    },
  );
}
