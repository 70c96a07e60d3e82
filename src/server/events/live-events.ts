import type { FastifyBaseLogger } from "fastify";
import { isLiveTopic, LIVE_TOPICS, type LiveTopic } from "@/common/live";
import type { Database } from "../db/connect";

/** Changes are coalesced: a burst of votes becomes one event per list per second. */
const FLUSH_MS = 1_000;

type Listener = (topics: LiveTopic[]) => void;

/** What else a change says: `countsOnly` when it moved nothing but counts (a vote, a market refresh). */
export interface ChangeKind {
  countsOnly: boolean;
}
type ChangeListener = (topics: LiveTopic[], kind: ChangeKind) => void;

/**
 * The word after an announcement's topics when the change moved only counts (migration 0021): what the lists
 * show kept its shape. Not a topic: a process that does not know it reads the topics alone.
 */
export const COUNTS_ONLY = "counts";

/**
 * Live updates: "these lists changed". The database announces every change itself, whoever made it (a
 * visitor's vote, staff, a job, a statement typed by hand): triggers NOTIFY the lists a changed row appears
 * in when its transaction commits (migration 0010), and every process listens, so no route, service or job
 * has to remember to announce. Caches in this process drop those lists at once (onChange); open event
 * streams hear them coalesced, at most once a second (subscribe).
 */
export class LiveEvents {
  private readonly pending = new Set<LiveTopic>();
  private readonly listeners = new Set<Listener>();
  private readonly changeListeners = new Set<ChangeListener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts hearing the database's announcements. After the listening connection was lost every list counts
   * as changed: what was announced meanwhile reached nobody (open pages fetch everything again).
   */
  async listen(database: Pick<Database, "listenForChanges" | "changesHeard">): Promise<void> {
    this.ownChangesHeard = () => database.changesHeard();
    this.unlisten = await database.listenForChanges(
      (payload) => {
        const words = payload.split(",");
        this.announce(words.filter(isLiveTopic), { countsOnly: words.includes(COUNTS_ONLY) });
      },
      () => {
        this.log.info("live events: listening again; every list counts as changed");
        this.changed(...LIVE_TOPICS);
      },
    );
  }

  /**
   * Resolves once the changes this process committed so far have been heard (and the caches have dropped
   * their lists): a request that may have changed a list answers after it (app.ts), so its visitor's next
   * read is never the cached list from before the change. Bounded: see Database.changesHeard.
   */
  ownChangesHeard: () => Promise<void> = () => Promise.resolve();

  /** Lists changed: caches hear it at once, open pages with the next flush. */
  changed(...topics: LiveTopic[]): void {
    this.announce(topics, { countsOnly: false });
  }

  private announce(topics: LiveTopic[], kind: ChangeKind): void {
    if (topics.length === 0) return;
    for (const listener of this.changeListeners) listener(topics, kind);
    for (const topic of topics) this.pending.add(topic);
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Called at once for every change announced, by any process. */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Called at most once a second with the lists changed since (the open event streams). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  private flush(): void {
    this.timer = undefined;
    const topics = [...this.pending];
    this.pending.clear();
    if (topics.length === 0) return;
    for (const listener of this.listeners) listener(topics);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
    this.changeListeners.clear();
    await this.unlisten?.().catch(() => {});
  }
}
