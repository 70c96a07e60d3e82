/**
 * Development-hosting domains: an image there was served by a preview build and is gone for good, so the
 * fallback chain skips the token-icon services and goes straight to the placeholder.
 */
export const DEV_HOSTING_DOMAINS = ["replit.dev", "repl.co", "replit.app"] as const;

export function isDevHostedUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return DEV_HOSTING_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Token-icon services, looked up by Solana mint address, tried in order after the item's own image. */
export function tokenIconUrls(contractAddress: string): string[] {
  const ca = encodeURIComponent(contractAddress);
  return [
    `https://dd.dexscreener.com/ds-data/tokens/solana/${ca}.png`,
    `https://img.jup.ag/token/${ca}`,
    `https://raw.githubusercontent.com/solana-labs/token-list/main/assets/mainnet/${ca}/logo.png`,
  ];
}

export { avatarUrl } from "./avatar";

/** Initials for an avatar: up to two letters or digits, from the first two words (or the first word). */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 0);
  if (words.length === 0) return "?";
  const letters =
    words.length === 1 ? [...(words[0] as string)].slice(0, 2) : words.slice(0, 2).map((w) => [...w][0]);
  return letters.join("").toUpperCase();
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
