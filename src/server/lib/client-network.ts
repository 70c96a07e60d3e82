import { isIPv4, isIPv6 } from "node:net";

/**
 * The one place where a client address becomes a limit key. Every per-IP limit (daily votes, hourly
 * submissions and uploads, login throttling, open event streams) counts by network, not by address:
 * an IPv6 client holds a whole /64 (its provider hands one to every home and phone, and it may rotate
 * through 2^64 addresses at will), so it is counted by its /64; an IPv4-mapped IPv6 address
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 client) is the IPv4 address itself.
 */

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The address in one spelling (IPv4 dotted; IPv6 as its eight groups in lower-case hex, no zone), or
 * undefined when `value` is not an IP address (a forged or broken
 * X-Forwarded-For entry, a port glued to it): such text is never stored or counted.
 */
export function normalizeIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const mapped = MAPPED_IPV4.exec(value);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(value)) return value;
  if (!isIPv6(value)) return undefined;
  const groups = expandIpv6(value);
  // The hexadecimal form of a mapped address (::ffff:c000:22a) is the same IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return groups.map((g) => g.toString(16)).join(":");
}

/**
 * The limit key of a (normalized) client address: the IPv4 address itself, or an IPv6 address's /64 as
 * `2001:db8:1:2::/64` (one spelling whatever the address's own spelling).
 */
export function networkOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  const prefix = expandIpv6(ip)
    .slice(0, 4)
    .map((g) => g.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * The neighbourhood of an address, for people rather than limits: the /24 of an IPv4 address (one home or
 * office router, one small cloud subnet) and the /64 of an IPv6 one (what a provider gives one customer);
 * an IPv4-mapped address counts as IPv4. Vote evidence groups votes by it, and logs show an IP as it:
 * enough to see a flood come from one network, not enough to name a visitor. Anything that is not an
 * address is "invalid".
 */
export function neighbourhoodOf(value: unknown): string {
  const ip = typeof value === "string" ? normalizeIp(value) : undefined;
  if (ip === undefined) return "invalid";
  if (isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  return networkOf(ip);
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" filled in and a zone id dropped). */
function expandIpv6(ip: string): number[] {
  let address = ip.split("%")[0] ?? ip;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
