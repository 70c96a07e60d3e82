import { avatarUrl, isDevHostedUrl, tokenIconUrls } from "./images";

/** What an image fallback chain needs to know about an item (a token, a headline, an archive entry). */
export interface ImageSubject {
  imageUrl: string | null;
  title: string;
  symbol?: string | null;
  contractAddress?: string | null;
}

/**
 * The spec's image fallback chain, in order: the item's own image, the three token-icon services (only
 * with a contract address, and only where the screen wants them), then the site's initials avatar. An
 * image on a development-hosting domain is tried alone: the preview that served it is gone, and the
 * placeholder is the honest answer.
 */
export function imageFallbackChain(item: ImageSubject, options: { tokenIcons?: boolean } = {}): string[] {
  const own = item.imageUrl?.trim() ?? "";
  if (own !== "" && isDevHostedUrl(own)) return [own];
  const chain: string[] = [];
  if (own !== "") chain.push(own);
  const address = item.contractAddress?.trim() ?? "";
  if ((options.tokenIcons ?? true) && address !== "") chain.push(...tokenIconUrls(address));
  chain.push(avatarUrl(item.symbol?.trim() || item.title));
  return [...new Set(chain)];
}

/** The placeholder's big text once every source failed: the symbol, else the first 4 letters of the title. */
export function placeholderLabel(item: Pick<ImageSubject, "title" | "symbol">): string {
  const symbol = item.symbol?.trim() ?? "";
  if (symbol !== "") return symbol;
  return [...item.title.trim()].slice(0, 4).join("");
}
