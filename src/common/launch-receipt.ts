/**
 * The launch receipt's words and formats (issue 29), without zod: the public receipt page loads this, the
 * schemas stay in launch.ts for the dashboard and the server.
 */

import { editionDate } from "./edition-date";
import { documentTitle } from "./page-meta";

/** A launch receipt's page names its day: "The Launch of Thursday, November 26, 2026 | Meme Gazette". */
export function launchTitle(siteName: string, day: string): string {
  return documentTitle(`The Launch of ${editionDate(day)}`, siteName);
}

/** The token-launch program's coins have 6 decimals. */
export const COIN_DECIMALS = 6;

export const LAUNCH_KIND_NAMES = { launch: "Launch", sell: "Sell", buyback: "Buy back" } as const;
export type LaunchKind = keyof typeof LAUNCH_KIND_NAMES;
export const LAUNCH_STATE_NAMES = {
  prepared: "Prepared, waiting for the wallet",
  sent: "Sent, waiting for the network",
  confirmed: "Confirmed",
  expired: "Expired: never sent in time",
  failed: "Failed",
} as const;
export type LaunchState = keyof typeof LAUNCH_STATE_NAMES;

/** The coin's metadata document, served by the site itself for ever. */
export const coinMetadataPath = (mint: string) => `/m/${mint}.json`;

/** A transaction on the explorer. */
export const explorerTxUrl = (signature: string) => `https://solscan.io/tx/${signature}`;
export const explorerAccountUrl = (address: string) => `https://solscan.io/account/${address}`;

/** Base units of a 6-decimal coin as whole coins ("34199203.154141"). */
export function formatCoinAmount(units: string | bigint): string {
  const digits = BigInt(units)
    .toString()
    .padStart(COIN_DECIMALS + 1, "0");
  const whole = digits.slice(0, -COIN_DECIMALS).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits.slice(-COIN_DECIMALS).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
