import { tooMany } from "../../lib/http-error";

/** New card drawings one network may cause per minute; a card already drawn costs nothing and never counts. */
export const CARD_DRAWS_PER_MINUTE = 20;
export const TOO_MANY_CARDS = "Too many new share cards from your network. Please try again in a minute.";
const MINUTE_MS = 60_000;
/** Networks remembered at most: a flood from many networks must not grow the memory for ever. */
const NETWORKS_KEPT = 10_000;

/**
 * The drawings each network has caused in the last minute, in this process. Per process on purpose: what
 * it protects is this process's card worker, and a drawn card is shared by every process (card-store.ts),
 * so a network can make each version be drawn once at most anyway; this bounds how fast it can walk
 * through versions nobody has asked for yet.
 */
export class DrawAllowance {
  private readonly draws = new Map<string, number[]>();

  constructor(private readonly perMinute = CARD_DRAWS_PER_MINUTE) {}

  /** Counts a drawing for the network, or refuses it (429 with Retry-After). Answers a refund. */
  take(network: string, now = Date.now()): () => void {
    const recent = (this.draws.get(network) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length >= this.perMinute) {
      this.draws.set(network, recent);
      throw tooMany(TOO_MANY_CARDS, ((recent[0] as number) + MINUTE_MS - now) / 1000, "card_draw");
    }
    recent.push(now);
    this.draws.delete(network); // re-inserted: the Map's order is the order of last use
    this.draws.set(network, recent);
    if (this.draws.size > NETWORKS_KEPT) this.draws.delete(this.draws.keys().next().value as string);
    return () => {
      const times = this.draws.get(network);
      const at = times?.indexOf(now) ?? -1;
      if (times && at >= 0) times.splice(at, 1);
    };
  }
}
