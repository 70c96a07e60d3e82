import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { TOKEN_FACTS_MESSAGES, type TokenFactReason, type TokenFacts } from "@/common/token-facts";
import type { Db } from "../../db/connect";
import { headlines } from "../../db/schema";
import type { SafeFetch } from "../../integrations/safe-fetch";
import { getLargestTokenAccounts, getMintAccount, topShare, uiAmount } from "../../integrations/solana";
import { notFound, tooMany } from "../../lib/http-error";
import { inYesterdaysNews } from "../headlines/headline-stage";

/**
 * A launched token's safety facts from the Solana node (issue 22), kept in memory per process:
 *   - an answer with both parts known (or "no mint here") for KNOWN_FACTS_MS: holders move and an authority
 *     can be renounced, so even a known answer is asked again after 10 minutes;
 *   - an answer with a part unknown (the node failed or timed out) for UNKNOWN_FACTS_MS, so a node that is
 *     down is asked once a minute per token, not once per visitor.
 * Per process on purpose: the facts are a few hundred bytes per token, losing them costs one call, and a
 * table (migration) for a 10-minute cache would cost every read a round trip. Concurrent reads of one token
 * share one call to the node.
 *
 * Only tokens on Yesterday's News are looked up, and each network may
 * cause at most FACT_LOOKUPS_PER_MINUTE lookups (cache misses) a minute: the endpoint is open, and the node is
 * the operator's, often a metered one.
 */

export const KNOWN_FACTS_MS = 10 * 60_000;
export const UNKNOWN_FACTS_MS = 60_000;
export const FACT_LOOKUPS_PER_MINUTE = 20;
/** Tokens kept at most; the oldest entry goes first. */
const TOKENS_KEPT = 2_000;
/** Networks remembered by the lookup allowance at most. */
const NETWORKS_KEPT = 10_000;
const MINUTE_MS = 60_000;

export interface TokenFactsDeps {
  http: SafeFetch;
  /** SOLANA_RPC_URL; without it every fact is unknown ("No Solana node configured") and nothing is called. */
  rpcUrl: string | undefined;
  log?: FastifyBaseLogger;
  now?: () => number;
}

interface Kept {
  facts: TokenFacts;
  until: number;
}

export class TokenFactsReader {
  private readonly kept = new Map<string, Kept>();
  private readonly inFlight = new Map<string, Promise<TokenFacts>>();
  private readonly lookups = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly deps: TokenFactsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * GET /api/tokens/{address}/facts. `isListed` is asked only on a cache miss (a kept answer was listed when
   * it was read); `network` is the caller's limit key.
   */
  async read(
    address: string,
    network: string,
    isListed: (address: string) => Promise<boolean>,
  ): Promise<TokenFacts> {
    const now = this.now();
    if (!this.deps.rpcUrl) return unknownFacts(address, "not_configured", now);
    const kept = this.kept.get(address);
    if (kept && kept.until > now) return kept.facts;
    const pending = this.inFlight.get(address);
    if (pending) return pending;

    this.take(network, now);
    if (!(await isListed(address))) throw notFound(TOKEN_FACTS_MESSAGES.notListed);
    const again = this.inFlight.get(address);
    if (again) return again;
    const lookup = this.lookUp(address, this.deps.rpcUrl).finally(() => this.inFlight.delete(address));
    this.inFlight.set(address, lookup);
    return lookup;
  }

  private async lookUp(address: string, rpcUrl: string): Promise<TokenFacts> {
    const { http, log } = this.deps;
    const [mint, largest] = await Promise.allSettled([
      getMintAccount(http, rpcUrl, address),
      getLargestTokenAccounts(http, rpcUrl, address),
    ]);
    const now = this.now();
    const facts = unknownFacts(address, "no_answer", now);
    if (mint.status === "rejected") {
      log?.warn({ err: mint.reason, address }, "token facts: the Solana node did not answer getAccountInfo");
    } else if (mint.value === null) {
      facts.mint = { status: "unknown", reason: "not_a_mint" };
      facts.holders = { status: "unknown", reason: "not_a_mint" };
    } else {
      const { mintAuthority, freezeAuthority, supply, decimals } = mint.value;
      facts.mint = {
        status: "known",
        mintAuthority,
        freezeAuthority,
        supply: uiAmount(supply, decimals),
        decimals,
      };
      if (largest.status === "fulfilled") {
        const share = topShare(largest.value, supply);
        if (share !== null) facts.holders = { status: "known", top10Percent: share };
      }
    }
    if (largest.status === "rejected")
      log?.warn(
        { err: largest.reason, address },
        "token facts: the Solana node did not answer getTokenLargestAccounts",
      );
    const settled =
      facts.mint.status === "known" ? facts.holders.status === "known" : facts.mint.reason === "not_a_mint";
    this.keep(address, facts, now + (settled ? KNOWN_FACTS_MS : UNKNOWN_FACTS_MS));
    return facts;
  }

  private keep(address: string, facts: TokenFacts, until: number): void {
    this.kept.delete(address); // re-inserted: the Map's order is the order of writing
    this.kept.set(address, { facts, until });
    if (this.kept.size > TOKENS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** Counts a lookup for the network, or refuses it (429 with Retry-After). */
  private take(network: string, now: number): void {
    const recent = (this.lookups.get(network) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length >= FACT_LOOKUPS_PER_MINUTE) {
      this.lookups.set(network, recent);
      throw tooMany(
        TOKEN_FACTS_MESSAGES.tooMany,
        ((recent[0] as number) + MINUTE_MS - now) / 1000,
        "token_facts",
      );
    }
    recent.push(now);
    this.lookups.delete(network);
    this.lookups.set(network, recent);
    if (this.lookups.size > NETWORKS_KEPT) this.lookups.delete(this.lookups.keys().next().value as string);
  }
}

function unknownFacts(address: string, reason: TokenFactReason, now: number): TokenFacts {
  return {
    address,
    mint: { status: "unknown", reason },
    holders: { status: "unknown", reason },
    checkedAt: new Date(now).toISOString(),
  };
}

/** Whether the address is a token on Yesterday's News (the list's one rule: headline-stage.ts). */
export async function isListedToken(db: Db, address: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(headlines)
    .where(and(eq(headlines.contractAddress, address), inYesterdaysNews))
    .limit(1);
  return row !== undefined;
}
