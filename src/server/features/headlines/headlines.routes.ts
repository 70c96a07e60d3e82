import { HeadlineListSchema, HeadlinePageSchema } from "@/common/headline";
import { IdParamsSchema } from "@/common/ids";
import type { LiveTopic } from "@/common/live";
import { notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { HEADLINE_NOT_FOUND } from "./headline-stage";
import {
  findHeadlinePage,
  listHomeHeadlines,
  listTomorrowsNews,
  listYesterdaysNews,
} from "./headlines.service";

export async function headlinesRoutes(app: App): Promise<void> {
  // The busiest answers of the site: served from the list cache, serialized through HeadlineListSchema.
  // The first paint reads the same list from the cache (lib/public-reads.ts).
  const list = (url: string, topic: LiveTopic, load: typeof listHomeHeadlines) => {
    app.publicReads.add(url, () => app.listCache.json(url, topic, HeadlineListSchema, () => load(app.db)), [
      topic,
    ]);
    app.get(url, (_request, reply) =>
      app.listCache.send(reply, url, topic, HeadlineListSchema, () => load(app.db)),
    );
  };

  list("/api/headlines", "headlines", listHomeHeadlines);
  list("/api/tomorrows-news", "tomorrows-news", listTomorrowsNews);
  // /api/old-news is the admin's name for the same public list (decisions page, "Accounts and roles").
  list("/api/yesterdays-news", "yesterdays-news", listYesterdaysNews);
  list("/api/old-news", "yesterdays-news", listYesterdaysNews);

  // One headline for its page (/h/{id}): a primary-key read, not worth a cache.
  const readHeadline = async (id: number) => {
    const headline = await findHeadlinePage(app.db, id);
    if (!headline) throw notFound(HEADLINE_NOT_FOUND);
    return headline;
  };
  app.publicReads.add("/api/headlines/:id", async (params) => {
    const parsed = IdParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound(HEADLINE_NOT_FOUND);
    return HeadlinePageSchema.parse(await readHeadline(parsed.data.id));
  });
  app.get(
    "/api/headlines/:id",
    { schema: { params: IdParamsSchema, response: { 200: HeadlinePageSchema } } },
    (request) => readHeadline(request.params.id),
  );
}
