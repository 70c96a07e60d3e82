import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { serverSecrets } from "../../db/schema";

/**
 * What a vote keeps as evidence for staff: keyed hashes of the client IP, of its network and of the user
 * agent. A keyed hash (HMAC-SHA256 with a secret only the database holds) lets staff see that votes share an
 * address or a network without anyone being able to list the addresses: an unkeyed hash of an IPv4 address
 * is reversed by trying all 2^32 of them.
 */

export interface VoteEvidenceHashes {
  ipHash: string;
  networkHash: string;
  userAgentHash: string;
}

/** How long a vote's evidence is kept before the clean-up job forgets it. */
export const EVIDENCE_RETENTION_MS = 30 * 24 * 60 * 60_000;

const SECRET_NAME = "vote-evidence";
/** 128 bits of the HMAC, in hex: plenty to keep clusters apart, half the storage of the whole digest. */
const HASH_HEX_LENGTH = 32;

/** Parses an IPv6 address into its eight 16-bit groups (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.lastIndexOf(".") >= 0 ? text.slice(text.lastIndexOf(":") + 1) : null;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${text.slice(0, text.length - dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

type ParsedIp = { v4: string } | { v6: number[] } | null;

/** An IPv4 address, an IPv6 one (an IPv4-mapped one counts as its IPv4 address), or null for anything else. */
function parseIp(ip: string): ParsedIp {
  const address = ip.split("%")[0] ?? ""; // a zone index (fe80::1%eth0) names the link, not the host
  if (isIPv4(address)) return { v4: address };
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return { v4: [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".") };
  }
  return { v6: groups };
}

/** One spelling per address, so that `::ffff:1.2.3.4` and `1.2.3.4` hash alike. */
export function canonicalIp(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  return "v4" in parsed ? parsed.v4 : parsed.v6.map((g) => g.toString(16)).join(":");
}

/**
 * The network an address belongs to, as staff would group it: the /24 of an IPv4 address (one home or office
 * router, one small cloud subnet) and the /64 of an IPv6 one (what a provider gives one customer). An
 * IPv4-mapped IPv6 address counts as IPv4. Anything that is not an address is its own network.
 */
export function networkOf(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  if ("v4" in parsed) return `${parsed.v4.split(".").slice(0, 3).join(".")}.0/24`;
  return `${parsed.v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

const secrets = new WeakMap<Db, Promise<Buffer>>();

async function loadSecret(db: Db): Promise<Buffer> {
  // Generated once: of several processes starting together, the first insert wins and all read that one.
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error("the vote evidence secret is missing");
  return Buffer.from(row.value);
}

/** The evidence secret, read from the database once per process (a failed read is retried next time). */
function evidenceSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    const loading = loadSecret(db);
    secret = loading;
    secrets.set(db, loading);
    loading.catch(() => {
      if (secrets.get(db) === loading) secrets.delete(db);
    });
  }
  return secret;
}

const keyedHash = (secret: Buffer, label: string, value: string) =>
  createHmac("sha256", secret).update(`${label}\0${value}`).digest("hex").slice(0, HASH_HEX_LENGTH);

/** The hashes a vote from `ip` with `userAgent` stores (a few microseconds once the secret is loaded). */
export async function voteEvidence(db: Db, ip: string, userAgent: string): Promise<VoteEvidenceHashes> {
  const secret = await evidenceSecret(db);
  return {
    ipHash: keyedHash(secret, "ip", canonicalIp(ip)),
    networkHash: keyedHash(secret, "network", networkOf(ip)),
    userAgentHash: keyedHash(secret, "user-agent", userAgent),
  };
}
