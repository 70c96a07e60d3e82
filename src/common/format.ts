/** "AbCdEfGh...wxyz": the first 8 and last 4 characters of an address. */
export function shortenAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 8)}...${address.slice(-4)}`;
}

/** Price: exponential notation with 2 decimals below 0.01, else fixed 2 decimals, with a dollar sign. */
export function formatPrice(price: number): string {
  if (price !== 0 && Math.abs(price) < 0.01) return `$${price.toExponential(2)}`;
  return `$${price.toFixed(2)}`;
}

/** Market cap and volume: a dollar sign and thousands separators, no fraction. */
export function formatUsd(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}

/** Cuts a text to 97 characters plus an ellipsis when it is over 100 characters. */
export function cutForShare(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** Cuts a title at 50 characters for the compact top lists. */
export function cutTitle(title: string, max = 50): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}
