import { z } from "zod";
import { isEditionDate } from "@/common/edition-record";
import { IdParamsSchema } from "@/common/ids";
import {
  LaunchInputSchema,
  LaunchReceiptSchema,
  LaunchSettingsSchema,
  LaunchViewSchema,
  PreparedLaunchSchema,
  SignedLaunchInputSchema,
  TradeInputSchema,
} from "@/common/launch";
import { isSolanaAddress } from "@/common/solana-address";
import { createOutboundFetch, createServiceFetch } from "../../integrations/outbound";
import { isUpstreamError, upstreamFailure } from "../../integrations/upstream";
import { badRequest, notFound } from "../../lib/http-error";
import { sendCached } from "../../lib/list-cache";
import { staffRoutes } from "../../plugins/auth";
import type { App } from "../../types";
import { staffAccount } from "../headlines/headline-stage";
import {
  extensionOf,
  findCoinMetadata,
  findLaunchReceipt,
  type LaunchDeps,
  launchNow,
  launchSettings,
  prepareLaunch,
  prepareTrade,
  submitSigned,
} from "./launches.service";

export const BAD_LAUNCH_DATE = "The edition date must be a date in YYYY-MM-DD format.";
export const NO_LAUNCH = "No coin was launched for this edition.";
export const RPC_FAILED = "The Solana network could not be reached. Please try again.";
/** A coin's metadata and image never change once written (decision 016). */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** What the launch's service needs, from the app (the routes and the follow job share it). */
export function launchDepsOf(app: App): LaunchDeps {
  return {
    db: app.db,
    config: app.config,
    rpc: createServiceFetch(app.config, app.metrics.outbound),
    outbound: createOutboundFetch(app.config),
    imageTicket: () => app.imageWork.enter(),
  };
}

/**
 * The paper's launches (issue 29):
 *   GET  /api/admin/launches/settings     (staff) the wallets, the amounts, the winner's launches
 *   POST /api/admin/launches              (staff) 201 { launch, transaction }: prepared for the wallet;
 *                                         400 bad input or too large, 401, 403 wallet, 409, 502, 503 no RPC
 *   POST /api/admin/launches/trades       (staff) 201 { launch, transaction }: the Sell or the Buy back of a
 *                                         confirmed launch, prepared for the wallet; 409 in words when not now
 *   POST /api/admin/launches/{id}/signed  (staff) the signed transaction: checked (422), simulated, sent
 *   GET  /api/admin/launches/{id}         (staff) the launch, followed on chain once
 *   GET  /api/launches/{date}             the edition's public receipt
 *   GET  /m/{mint}.json, /m/{mint}.{ext}  the coin's metadata and its image, for ever
 */
export async function launchesRoutes(app: App): Promise<void> {
  const deps = launchDepsOf(app);
  /** An outside failure (the node) as 502 with words; anything else as it is. */
  const rpcGuard = async <T>(request: { log: App["log"] }, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUpstreamError(error)) throw upstreamFailure(request.log, error, RPC_FAILED);
      throw error;
    }
  };

  await staffRoutes(app, (staff) => {
    staff.get("/api/admin/launches/settings", { schema: { response: { 200: LaunchSettingsSchema } } }, () =>
      launchSettings(deps),
    );
    staff.post(
      "/api/admin/launches",
      { schema: { body: LaunchInputSchema, response: { 201: PreparedLaunchSchema } } },
      async (request, reply) => {
        const prepared = await rpcGuard(request, () =>
          prepareLaunch(deps, staffAccount(request), request.body, new Date()),
        );
        request.auditDetails = {
          launchId: prepared.launch.id,
          headlineId: request.body.headlineId,
          wallet: request.body.wallet,
          mint: request.body.mint,
          name: prepared.launch.summary.name,
          symbol: prepared.launch.summary.symbol,
        };
        return reply.status(201).send(prepared);
      },
    );
    staff.post(
      "/api/admin/launches/trades",
      { schema: { body: TradeInputSchema, response: { 201: PreparedLaunchSchema } } },
      async (request, reply) => {
        const prepared = await rpcGuard(request, () =>
          prepareTrade(deps, staffAccount(request), request.body, new Date()),
        );
        request.auditDetails = {
          launchId: prepared.launch.id,
          kind: request.body.kind,
          headlineId: request.body.headlineId,
          wallet: request.body.wallet,
          mint: prepared.launch.mint,
        };
        return reply.status(201).send(prepared);
      },
    );
    staff.post(
      "/api/admin/launches/:id/signed",
      {
        schema: {
          params: IdParamsSchema,
          body: SignedLaunchInputSchema,
          response: { 200: LaunchViewSchema },
        },
      },
      async (request) => {
        const launch = await rpcGuard(request, () =>
          submitSigned(deps, request.params.id, request.body.transaction, new Date()),
        );
        request.auditDetails = { signature: launch.signature, state: launch.state };
        return launch;
      },
    );
    staff.get(
      "/api/admin/launches/:id",
      { schema: { params: IdParamsSchema, response: { 200: LaunchViewSchema } } },
      (request) => rpcGuard(request, () => launchNow(deps, request.params.id, new Date())),
    );
  });

  // The public receipt, as the list cache keeps it (dropped by any change of a launch or a headline).
  const readReceipt = (day: string) => {
    if (!isEditionDate(day)) throw badRequest(BAD_LAUNCH_DATE);
    return app.listCache.json(
      `launch ${day}`,
      ["launches", "headlines"],
      LaunchReceiptSchema,
      async () => {
        const receipt = await findLaunchReceipt(app.db, app.config.publicUrl, day);
        if (!receipt) throw notFound(NO_LAUNCH);
        return receipt;
      },
      { label: "/api/launches/:date" },
    );
  };
  app.publicReads.add("/api/launches/:date", async ({ date }) => readReceipt(date ?? ""));
  app.get<{ Params: { date: string } }>("/api/launches/:date", async (request, reply) =>
    sendCached(reply, await readReceipt(request.params.date)),
  );

  const MetadataParams = z.object({ file: z.string().max(80) });
  app.get("/m/:file", { schema: { params: MetadataParams } }, async (request, reply) => {
    const match = /^([1-9A-HJ-NP-Za-km-z]{32,44})\.(json|png|jpg|webp|gif)$/.exec(request.params.file);
    const mint = match?.[1];
    if (!mint || !isSolanaAddress(mint)) throw notFound("Unknown coin");
    const found = await findCoinMetadata(app.db, mint);
    if (!found) throw notFound("Unknown coin");
    reply.header("cache-control", IMMUTABLE).header("access-control-allow-origin", "*");
    if (match[2] === "json") return reply.type("application/json; charset=utf-8").send(found.document);
    if (match[2] !== extensionOf(found.imageType)) throw notFound("Unknown coin");
    return reply.type(found.imageType).header("x-content-type-options", "nosniff").send(found.image);
  });
}
