import type { Config } from "../config";
import type { OutboundMetrics } from "../plugins/observability";
import { createSafeFetch, type SafeFetch, SafeFetchError } from "./safe-fetch";

type OutboundConfig = Pick<Config, "outboundAllowHosts" | "outboundTimeoutMs">;
type ServiceConfig = OutboundConfig &
  Partial<
    Pick<
      Config,
      | "solanaRpcUrl"
      | "newsFeedBaseUrl"
      | "nytFeedBaseUrl"
      | "dexscreenerBaseUrl"
      | "jupiterBaseUrl"
      | "twitterApiBaseUrl"
    >
  >;

/**
 * The client for addresses that come from input (an image link, a URL inside an outside service's answer):
 * every private, loopback and link-local address is refused. `outboundAllowHosts` and `outboundTimeoutMs`
 * exist only in tests (their fixture servers); loadConfig never sets them.
 */
export function createOutboundFetch(config: OutboundConfig): SafeFetch {
  return createSafeFetch({ allowHosts: config.outboundAllowHosts, timeoutMs: config.outboundTimeoutMs });
}

/**
 * The client for Web Push messages (features/push): a push endpoint is visitor input (the browser's
 * subscription), so it gets the input rules of createOutboundFetch (no private addresses, checked on the
 * connected address), no redirects (a push service answers, it does not send elsewhere), and every call is
 * counted as service "push".
 */
export function createPushFetch(config: OutboundConfig, metrics?: OutboundMetrics): SafeFetch {
  const http = createSafeFetch({
    allowHosts: config.outboundAllowHosts,
    timeoutMs: config.outboundTimeoutMs,
    maxRedirects: 0,
    maxBytes: 64 * 1024,
  });
  return metrics ? countedFetch(http, () => "push", metrics) : http;
}

/**
 * The client for the outside services the operator's settings name (SOLANA_RPC_URL, the news, DexScreener,
 * Jupiter and X base URLs). Those are trusted configuration (decisions page, "Operator settings are
 * trusted"): an RPC node on the same machine or network is common, so their hosts may be local. Only their
 * exact host:port is exempt; a redirect elsewhere is checked as usual, and input never goes through here.
 */
export function createServiceFetch(config: ServiceConfig, metrics?: OutboundMetrics): SafeFetch {
  const http = createSafeFetch({
    allowHosts: [...(config.outboundAllowHosts ?? []), ...operatorHosts(config)],
    timeoutMs: config.outboundTimeoutMs,
  });
  return metrics ? countedFetch(http, serviceOf(config), metrics) : http;
}

/** The services an outside call is counted under (`outbound_requests_total{service}`). */
export type OutboundService =
  | "solana_rpc"
  | "news"
  | "dexscreener"
  | "jupiter"
  | "x"
  | "telegram"
  | "push"
  | "other";

/**
 * Which configured service a URL calls: the one whose base URL it starts with (the longest, should two
 * overlap), "other" for anything else (a URL a service's answer gave). The operator's settings name the
 * services, so every client made by createServiceFetch labels its calls the same way.
 */
export function serviceOf(config: ServiceConfig): (url: string) => OutboundService {
  const bases = (
    [
      ["solana_rpc", config.solanaRpcUrl],
      ["news", config.newsFeedBaseUrl],
      ["news", config.nytFeedBaseUrl],
      ["dexscreener", config.dexscreenerBaseUrl],
      ["jupiter", config.jupiterBaseUrl],
      ["x", config.twitterApiBaseUrl],
    ] as const
  )
    .flatMap(([service, base]) => (base ? [{ service, base: base.replace(/\/+$/, "") }] : []))
    .sort((a, b) => b.base.length - a.base.length);
  return (url) => {
    const found = bases.find(
      ({ base }) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`),
    );
    return found?.service ?? "other";
  };
}

/** What became of an outside call: its answer's class, a timeout, or any other failure. */
export function outcomeOf(error: unknown): string {
  if (!(error instanceof SafeFetchError)) return "error";
  if (error.kind === "timeout") return "timeout";
  const status = error.details.status;
  return error.kind === "bad_status" && status ? `http_${Math.floor(status / 100)}xx` : "error";
}

/** The one place outside calls are counted and timed, by service and outcome. */
function countedFetch(
  http: SafeFetch,
  serviceOfUrl: (url: string) => OutboundService,
  metrics: OutboundMetrics,
): SafeFetch {
  const counted = async <T>(url: string, call: () => Promise<T>): Promise<T> => {
    const service = serviceOfUrl(url);
    const end = metrics.duration.startTimer({ service });
    try {
      const answer = await call();
      metrics.requests.inc({ service, outcome: "ok" });
      return answer;
    } catch (error) {
      metrics.requests.inc({ service, outcome: outcomeOf(error) });
      throw error;
    } finally {
      end();
    }
  };
  return {
    request: (url, init) => counted(url, () => http.request(url, init)),
    json: (url, schema, init) => counted(url, () => http.json(url, schema, init)),
  };
}

/** The host:port of every configured service base URL. */
export function operatorHosts(config: ServiceConfig): string[] {
  const urls = [
    config.solanaRpcUrl,
    config.newsFeedBaseUrl,
    config.nytFeedBaseUrl,
    config.dexscreenerBaseUrl,
    config.jupiterBaseUrl,
    config.twitterApiBaseUrl,
  ];
  return urls.flatMap((url) => {
    if (!url) return [];
    const { hostname, port, protocol } = new URL(url);
    return [`${hostname}:${port || (protocol === "https:" ? "443" : "80")}`];
  });
}
