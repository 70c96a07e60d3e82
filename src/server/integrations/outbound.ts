import type { Config } from "../config";
import { createSafeFetch, type SafeFetch } from "./safe-fetch";

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
 * The client for the outside services the operator's settings name (SOLANA_RPC_URL, the news, DexScreener,
 * Jupiter and X base URLs). Those are trusted configuration (decisions page, "Operator settings are
 * trusted"): an RPC node on the same machine or network is common, so their hosts may be local. Only their
 * exact host:port is exempt; a redirect elsewhere is checked as usual, and input never goes through here.
 */
export function createServiceFetch(config: ServiceConfig): SafeFetch {
  return createSafeFetch({
    allowHosts: [...(config.outboundAllowHosts ?? []), ...operatorHosts(config)],
    timeoutMs: config.outboundTimeoutMs,
  });
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
