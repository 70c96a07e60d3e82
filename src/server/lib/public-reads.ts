import type { LiveTopic } from "@/common/live";
import { HttpError } from "./http-error";
import type { CachedJson } from "./list-cache";

/**
 * One public answer read without HTTP: a list from the list cache (its serialized bytes), or a value from
 * its service, exactly as the route answers it (the route calls the same read).
 */
export type PublicRead = (params: Readonly<Record<string, string>>) => Promise<CachedJson | unknown>;

/** What a read answered, as the browser would have had it: a status and a JSON body. */
export interface PublicAnswer {
  status: number;
  body: string | Buffer;
}

interface Entry {
  pattern: RegExp;
  names: string[];
  read: PublicRead;
  topics?: readonly LiveTopic[];
}

const isCachedJson = (value: unknown): value is CachedJson =>
  typeof value === "object" && value !== null && Buffer.isBuffer((value as CachedJson).body);

/**
 * The public answers a first paint is drawn from (features/share/first-paint.ts), by their API path
 * (`/api/headlines/:id`). A draw reads them here, not through `app.inject`: an internal read is no request,
 * so it is not logged, not counted in `http_requests_total`, given no visitor id and never refused by the
 * under-pressure guard (issue 28). Each route registers the read it answers with, so both say the same.
 */
export class PublicReads {
  private readonly entries: Entry[] = [];

  /**
   * `topics`: the live topics whose announcement can change the answer (the list cache's own, for a cached
   * list). Without them, any change may: a kept first paint compares such an answer after every change.
   */
  add(path: string, read: PublicRead, topics?: readonly LiveTopic[]): void {
    const names: string[] = [];
    const source = path
      .split("/")
      .map((part) => {
        if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part.slice(1));
        return "([^/]+)";
      })
      .join("/");
    this.entries.push({ pattern: new RegExp(`^${source}$`), names, read, topics });
  }

  /** The topics that can change `url`'s answer, or undefined when any change may (or no read answers it). */
  topicsOf(url: string): readonly LiveTopic[] | undefined {
    const pathname = new URL(url, "http://local").pathname;
    return this.entries.find(({ pattern }) => pattern.test(pathname))?.topics;
  }

  /** The answer for `url` (a path with no origin; the query string is ignored): 404 for a path not here. */
  async answer(url: string): Promise<PublicAnswer> {
    const pathname = new URL(url, "http://local").pathname;
    for (const { pattern, names, read } of this.entries) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1] ?? "");
      });
      try {
        const value = await read(params);
        return { status: 200, body: isCachedJson(value) ? value.body : JSON.stringify(value) };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { status: error.statusCode, body: JSON.stringify({ message: error.message }) };
      }
    }
    return { status: 404, body: JSON.stringify({ message: `No public read for ${pathname}` }) };
  }
}
