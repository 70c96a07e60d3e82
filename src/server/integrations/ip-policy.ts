/**
 * Which addresses an outside call may connect to: public unicast only. Private, loopback, link-local,
 * unique-local, CGNAT, multicast, unspecified, documentation and reserved ranges are refused, and so are
 * IPv6 forms that carry such an IPv4 address inside them (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 *
 * Written as byte comparisons rather than with node:net's BlockList so that the embedded-IPv4 cases are
 * explicit and tested, whatever BlockList does with mapped addresses in a given Node version.
 */

type Cidr4 = readonly [number, number, number, number, number];

const BLOCKED_V4: readonly Cidr4[] = [
  [0, 0, 0, 0, 8], // "this network", 0.0.0.0
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata lives here)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay anycast
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and 255.255.255.255 broadcast
];

/** Strict dotted-decimal IPv4 (the only form DNS answers and the WHATWG URL parser produce). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** IPv6 text (with "::", an optional trailing dotted IPv4 and an optional zone) to 16 bytes. */
export function parseIPv6(text: string): number[] | null {
  let s = text.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (!s.includes(":")) return null;

  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const lastPart = s.slice(lastColon + 1);
  if (lastPart.includes(".")) {
    const v4 = parseIPv4(lastPart);
    if (!v4) return null;
    tail = v4;
    s = `${s.slice(0, lastColon + 1)}0:0`; // two placeholder groups, replaced by the IPv4 bytes below
  }

  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    for (const g of part.split(":")) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      groups.push(Number.parseInt(g, 16));
    }
    return groups;
  };
  const head = parseGroups(halves[0] ?? "");
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (!head || !rest) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inCidr4(bytes: readonly number[], [a, b, c, d, bits]: Cidr4): boolean {
  const addr =
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
  const net = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (addr & mask) >>> 0 === (net & mask) >>> 0;
}

function isBlockedV4(bytes: readonly number[]): boolean {
  return BLOCKED_V4.some((cidr) => inCidr4(bytes, cidr));
}

function isBlockedV6(b: readonly number[]): boolean {
  const allZero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped): judged by the IPv4 address inside.
  if (allZero(0, 10) && b[10] === 0xff && b[11] === 0xff) return isBlockedV4(b.slice(12));
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d.
  if (allZero(0, 12)) return true;
  // 64:ff9b::/96 (NAT64): the IPv4 address inside; 64:ff9b:1::/48 is for local use only.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (allZero(4, 12)) return isBlockedV4(b.slice(12));
    return b[4] === 0x00 && b[5] === 0x01;
  }
  // 2002::/16 (6to4): the IPv4 address in bytes 2..5.
  if (b[0] === 0x20 && b[1] === 0x02) return isBlockedV4(b.slice(2, 6));
  // 2001::/32 (Teredo, carries an obfuscated IPv4) and 2001:db8::/32 (documentation).
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return true;
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true;
  // 100::/64 (discard).
  if (b[0] === 0x01 && b[1] === 0x00 && allZero(2, 8)) return true;
  const first = b[0] ?? 0;
  const second = b[1] ?? 0;
  if ((first & 0xfe) === 0xfc) return true; // fc00::/7 unique-local
  if (first === 0xfe && (second & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (first === 0xfe && (second & 0xc0) === 0xc0) return true; // fec0::/10 old site-local
  if (first === 0xff) return true; // ff00::/8 multicast
  return false;
}

/**
 * True when an outside call must not connect to `ip`. Anything that is not a well-formed IP address is
 * refused too: the caller asked about an address, so an unparseable one is not a public one.
 */
export function isBlockedAddress(ip: string): boolean {
  const v4 = parseIPv4(ip.trim());
  if (v4) return isBlockedV4(v4);
  const v6 = parseIPv6(ip);
  if (v6) return isBlockedV6(v6);
  return true;
}

/** True for a host name that is an IP literal (IPv4 dotted, or IPv6 with or without brackets). */
export function isIpLiteral(hostname: string): boolean {
  return parseIPv4(hostname) !== null || parseIPv6(hostname) !== null;
}
