import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { serverSecrets } from "../../db/schema";
import { neighbourhoodOf } from "../../lib/client-network";

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

/**
 * The hashes a vote from `ip` (as `request.visitor.ip` gives it: already in its one spelling) with
 * `userAgent` stores; a few microseconds once the secret is loaded.
 */
export async function voteEvidence(db: Db, ip: string, userAgent: string): Promise<VoteEvidenceHashes> {
  const secret = await evidenceSecret(db);
  return {
    ipHash: keyedHash(secret, "ip", ip),
    networkHash: keyedHash(secret, "network", neighbourhoodOf(ip)),
    userAgentHash: keyedHash(secret, "user-agent", userAgent),
  };
}
