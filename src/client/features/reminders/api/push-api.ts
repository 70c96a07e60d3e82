import { apiGet, apiRequest } from "@/client/lib/api-client";
// Types only: the schemas (zod) stay on the server's side of this chunk.
import type { PushState } from "@/common/push";

/** The calls the reminder button makes (server: features/push/push.routes.ts). */
export const fetchPushKey = () => apiGet<{ publicKey: string }>("/api/push/key");

export const saveSubscription = (subscription: PushSubscriptionJSON) =>
  apiRequest<PushState>("POST", "/api/push/subscriptions", { body: subscription });

/** The endpoint goes in a body, never in a URL: it stays out of access logs. */
export const fetchSubscriptionState = (endpoint: string) =>
  apiRequest<PushState>("POST", "/api/push/subscriptions/state", { body: { endpoint } });

export const removeSubscription = (endpoint: string) =>
  apiRequest<PushState>("DELETE", "/api/push/subscriptions", { body: { endpoint } });
