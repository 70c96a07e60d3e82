import { HeadlineSchema } from "@/common/headline";
import {
  ImportHeadlineInputSchema,
  TRENDING_MESSAGES,
  TrendingHeadlineListSchema,
  TrendingHeadlineSourceParamsSchema,
} from "@/common/trending";
import { createServiceFetch } from "../../integrations/outbound";
import { upstreamFailure } from "../../integrations/upstream";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { staffActor } from "../headlines/headline-stage";
import { fetchTrendingHeadlines, importHeadline } from "./trending.service";

/**
 * The Trending Headlines tab: staff only (decisions page, "Accounts and roles"), so every route sits inside
 * the staff guard's scope.
 *   GET  /api/trending/{source}   200 [TrendingHeadline] (an empty feed is []), 400 unknown source,
 *                                 503 twitter without a token, 502 a failing feed
 *   POST /api/headlines/import    201 Headline (Tomorrow's News), 409 already imported
 */
export async function trendingRoutes(app: App): Promise<void> {
  const http = createServiceFetch(app.config, app.metrics.outbound);
  const deps = { http, config: app.config };

  await staffRoutes(app, (staff) => {
    staff.get(
      "/api/trending/:source",
      {
        schema: { params: TrendingHeadlineSourceParamsSchema, response: { 200: TrendingHeadlineListSchema } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        try {
          return await fetchTrendingHeadlines(request.params.source, deps);
        } catch (error) {
          throw upstreamFailure(request.log, error, TRENDING_MESSAGES.headlinesFailed);
        }
      },
    );

    staff.post(
      "/api/headlines/import",
      { schema: { body: ImportHeadlineInputSchema, response: { 201: HeadlineSchema } } },
      async (request, reply) => {
        const headline = await importHeadline(app.db, request.body, staffActor(request));
        request.auditDetails = { sourceUrl: headline.sourceUrl, headlineId: headline.id };
        return reply.status(201).send(headline);
      },
    );
  });
}
