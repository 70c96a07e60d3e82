import type { Config } from "../config";
import { createSafeFetch, type SafeFetch } from "./safe-fetch";

/**
 * The app's one outside-call client. `outboundAllowHosts` and `outboundTimeoutMs` exist only in tests (their
 * fixture servers); loadConfig never sets them, so production refuses every private, loopback and
 * link-local address and uses the default 8-second timeout and 2 MiB cap.
 */
export function createOutboundFetch(
  config: Pick<Config, "outboundAllowHosts" | "outboundTimeoutMs">,
): SafeFetch {
  return createSafeFetch({ allowHosts: config.outboundAllowHosts, timeoutMs: config.outboundTimeoutMs });
}
