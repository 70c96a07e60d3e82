import {
  PUSH_NOT_SUBSCRIBED,
  PushEndpointSchema,
  PushKeySchema,
  PushStateSchema,
  PushSubscriptionInputSchema,
} from "@/common/push";
import { notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { checkEndpoint, isSubscribed, subscribe, unsubscribe, vapidKeys } from "./push.service";
import { SERVICE_WORKER_JS } from "./service-worker";

/**
 * Browser reminders (issue 22): the key a browser subscribes with, the visitor's subscription (kept, asked
 * about, removed: each by the browser's endpoint and only the visitor's own), and the service worker. The
 * endpoint travels in a body, never in a URL, so it stays out of every access log.
 */
export async function pushRoutes(app: App): Promise<void> {
  const db = app.db;

  // The same for everyone and for ever (the pair is generated once): any cache may keep it.
  app.get("/api/push/key", { schema: { response: { 200: PushKeySchema } } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return { publicKey: (await vapidKeys(db)).publicKey };
  });

  app.post(
    "/api/push/subscriptions",
    { schema: { body: PushSubscriptionInputSchema, response: { 200: PushStateSchema } } },
    async (request) => {
      checkEndpoint(request.body.endpoint, app.config.outboundAllowHosts);
      await subscribe(db, request.body, request.visitor, new Date());
      return { subscribed: true };
    },
  );

  app.post(
    "/api/push/subscriptions/state",
    { schema: { body: PushEndpointSchema, response: { 200: PushStateSchema } } },
    async (request) => ({ subscribed: await isSubscribed(db, request.body.endpoint, request.visitor.id) }),
  );

  app.delete(
    "/api/push/subscriptions",
    { schema: { body: PushEndpointSchema, response: { 200: PushStateSchema } } },
    async (request) => {
      // Another visitor's subscription is, to this one, no subscription at all: 404, like an unknown id.
      if (!(await unsubscribe(db, request.body.endpoint, request.visitor.id)))
        throw notFound(PUSH_NOT_SUBSCRIBED);
      return { subscribed: false };
    },
  );

  // At the root, so that its scope is the whole site. Checked again on every visit (no-cache): a new
  // version reaches browsers with the next page load. The same for everyone (public: no visitor cookie).
  app.get("/sw.js", (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, no-cache")
      .header("service-worker-allowed", "/")
      .send(SERVICE_WORKER_JS),
  );
}
