import type { z } from "zod";
import type { LiveTopic } from "@/common/live";
import type { LiveEvents } from "../events/live-events";

interface Entry {
  topic: LiveTopic;
  body: string;
  expires: number;
}

/**
 * The public lists, kept serialized in memory: a busy page load reads a string instead of the database.
 * An entry is dropped when its list changes (in this process at once, from others through the live events)
 * and after `ttlMs` at most, which bounds what no event announces (a notification expiring). ttlMs 0 turns
 * the cache off.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    events: LiveEvents,
    private readonly ttlMs: number,
  ) {
    events.onChange((topics) => {
      for (const [key, entry] of this.entries) if (topics.includes(entry.topic)) this.entries.delete(key);
    });
  }

  /** The list's JSON: from memory while fresh, else loaded and serialized through its response schema. */
  async json<S extends z.ZodType>(
    key: string,
    topic: LiveTopic,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.body;
    // The schema strips any field it does not name, exactly as the route serializer would.
    const body = JSON.stringify(schema.parse(await load()));
    if (this.ttlMs > 0) this.entries.set(key, { topic, body, expires: now + this.ttlMs });
    return body;
  }
}
