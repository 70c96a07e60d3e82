/** "AbCdEfGh...wxyz": the first 8 and last 4 characters of an address. */
export function shortenAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 8)}...${address.slice(-4)}`;
}

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";
/**
 * From this many zeros after the point on, their count is written as a subscript: 0.0₁₀431. Below it the
 * zeros are written out ($0.0000431): a subscript digit in the pixel font is about 4 px tall at 390 px and
 * read as a comma (issue 23), and nine zeros still fit a card. Prices that small are rare.
 */
const COMPRESS_FROM_ZEROS = 10;

/**
 * Price with a dollar sign: 2 decimals from $0.01 up; below that 3 significant digits as a decimal
 * ($0.0000431), a very long run of leading zeros written as DexScreener does ($0.0₁₀431), never in
 * e-notation.
 */
export function formatPrice(price: number): string {
  const sign = price < 0 ? "-" : "";
  const size = Math.abs(price);
  let exponent = Math.floor(Math.log10(size));
  // Three significant digits, as an integer; rounding up may carry into the next power of ten.
  let digits = Math.round(size / 10 ** (exponent - 2));
  if (digits >= 1000) {
    digits = 100;
    exponent += 1;
  }
  if (size === 0 || exponent >= -2) return `${sign}$${size.toFixed(2)}`;
  const significant = String(digits).replace(/0+$/, "");
  const zeros = -exponent - 1;
  const lead =
    zeros >= COMPRESS_FROM_ZEROS
      ? `0.0${[...String(zeros)].map((d) => SUBSCRIPT_DIGITS[Number(d)]).join("")}`
      : `0.${"0".repeat(zeros)}`;
  return `${sign}$${lead}${significant}`;
}

/** Market cap and volume: a dollar sign and thousands separators, no fraction. */
export function formatUsd(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}

/** Cuts a title at 50 characters for the compact top lists. */
export function cutTitle(title: string, max = 50): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/**
 * A 24 h change with its sign always written: "+33.2%", "-12.5%", "0.0%". An ASCII hyphen for minus: the
 * pixel font has no U+2212, and its fallback glyph reads as an underscore.
 */
export function formatChange(percent: number): string {
  const rounded = Math.round(Math.abs(percent) * 10) / 10;
  const sign = rounded === 0 ? "" : percent > 0 ? "+" : "-";
  return `${sign}${rounded.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** How long ago, in the largest whole unit: "5 min", "5 h", "3 d" (a pair's age on the market). */
export function formatAge(since: Date | string, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime());
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24).toLocaleString("en-US")} d`;
}

/** A share of the supply: "41.7%" (one decimal; "<0.1%" for a sliver that is not nothing). */
export function formatShare(percent: number): string {
  if (percent > 0 && percent < 0.05) return "<0.1%";
  return `${(Math.round(percent * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/** A token amount given as an exact decimal string: thousands separators, at most 2 decimals. */
export function formatTokenAmount(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cents = fraction.slice(0, 2).replace(/0+$/, "");
  return cents ? `${grouped}.${cents}` : grouped;
}
