import { HeadlineSchema } from "@/common/headline";
import { TokenFactsSchema } from "@/common/token-facts";
import {
  ImportTokenInputSchema,
  TokenAddressParamsSchema,
  TokenInfoSchema,
  TRENDING_MESSAGES,
  TrendingTokenListSchema,
  TrendingTokenSourceParamsSchema,
  UpdateNewsSourcesResultSchema,
} from "@/common/trending";
import { createServiceFetch } from "../../integrations/outbound";
import { upstreamFailure } from "../../integrations/upstream";
import { HttpError } from "../../lib/http-error";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { staffActor } from "../headlines/headline-stage";
import { refreshMarketData } from "./market.service";
import { isListedToken, TokenFactsReader } from "./token-facts";
import { fetchTrendingTokens, getTokenInfo, importToken } from "./tokens.service";

/**
 * Trending Tokens, the manual token import, "generate token from address" and Update News Sources: all
 * staff only, all inside the staff guard's scope.
 *   GET  /api/trending-tokens/{source}            200 [TrendingToken], 400 unknown source, 502 source failure
 *   POST /api/tokens/import                       201 Headline (Yesterday's News), 400 address missing/malformed,
 *                                                 409 already on Yesterday's News, 500 anything else
 *   GET  /api/token-info/{address}                200 TokenInfo, 400 malformed, 404 no pair, 502 source failure
 *   POST /api/admin/update-news-sources           200 { updatedHeadlines, counts, message }
 * And one public route, the safety facts a token card shows when opened (issue 22, token-facts.ts):
 *   GET  /api/tokens/{address}/facts              200 TokenFacts (unknown parts say why), 400 malformed,
 *                                                 404 not on Yesterday's News, 429 too many lookups
 */
export async function tokensRoutes(app: App): Promise<void> {
  const http = createServiceFetch(app.config, app.metrics.outbound);
  const config = app.config;
  const facts = new TokenFactsReader({ http, rpcUrl: config.solanaRpcUrl, log: app.log });

  app.get(
    "/api/tokens/:address/facts",
    { schema: { params: TokenAddressParamsSchema, response: { 200: TokenFactsSchema } } },
    async (request, reply) => {
      const answer = await facts.read(request.params.address, request.visitor.network, (address) =>
        isListedToken(app.db, address),
      );
      // The same for everyone, and kept here for minutes anyway.
      reply.header("cache-control", "public, max-age=60");
      return answer;
    },
  );

  await staffRoutes(app, (staff) => {
    staff.get(
      "/api/trending-tokens/:source",
      { schema: { params: TrendingTokenSourceParamsSchema, response: { 200: TrendingTokenListSchema } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        try {
          return await fetchTrendingTokens(request.params.source, { http, config, log: request.log });
        } catch (error) {
          throw upstreamFailure(request.log, error, TRENDING_MESSAGES.tokensFailed);
        }
      },
    );

    staff.post(
      "/api/tokens/import",
      { schema: { body: ImportTokenInputSchema, response: { 201: HeadlineSchema } } },
      async (request, reply) => {
        try {
          const headline = await importToken(
            app.db,
            request.body,
            { http, config, log: request.log },
            staffActor(request),
          );
          request.auditDetails = { contractAddress: headline.contractAddress, headlineId: headline.id };
          return reply.status(201).send(headline);
        } catch (error) {
          if (error instanceof HttpError) throw error;
          request.log.error({ err: error }, "token import failed");
          throw new HttpError(500, TRENDING_MESSAGES.tokenImportFailed);
        }
      },
    );

    staff.get(
      "/api/token-info/:address",
      { schema: { params: TokenAddressParamsSchema, response: { 200: TokenInfoSchema } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        try {
          return await getTokenInfo({ http, config, log: request.log }, request.params.address.trim());
        } catch (error) {
          throw upstreamFailure(request.log, error, TRENDING_MESSAGES.tokenInfoFailed);
        }
      },
    );

    staff.post(
      "/api/admin/update-news-sources",
      { schema: { response: { 200: UpdateNewsSourcesResultSchema } } },
      async (request) => {
        const result = await refreshMarketData(app.db, { http, config, log: request.log });
        request.auditDetails = {
          addresses: result.addresses,
          refreshed: result.refreshed,
          failedTokens: result.failedTokens,
        };
        return result;
      },
    );
  });
}
