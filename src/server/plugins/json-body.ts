import { badRequest } from "../lib/http-error";
import type { App } from "../types";

/**
 * JSON bodies, parsed as Fastify parses them (secure-json-parse: `__proto__` and `constructor.prototype`
 * refused, the same body limit), and then refused when an object names one key twice. JSON.parse keeps the
 * last value of a repeated key, so `{"headlineId":2,"headlineId":3}` would be read as a vote for 3 by us and
 * for 2 by whatever stood in front of us (a proxy, a log, a firewall rule): one body, two meanings.
 * Registered on the root before any route, so it is the parser of every route.
 */
export function registerJsonBody(app: App): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      const key = duplicateKey(body as string);
      if (key !== undefined) return done(badRequest(duplicateKeyMessage(key)), undefined);
      done(null, parsed);
    });
  });
}

export const duplicateKeyMessage = (key: string) =>
  `The request body is not valid: the key "${key.slice(0, 50)}" appears more than once in one object.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The first key that appears twice in one object of a text that is valid JSON (parse it first), or
 * undefined. One pass: a string inside an object is a key exactly when a colon follows it. Keys are compared
 * as JSON reads them, so "a" and "\u0061" are the same key.
 */
export function duplicateKey(json: string): string | undefined {
  // One entry per open object (its keys so far) or array (null), innermost last.
  const open: (Set<string> | null)[] = [];
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x7b) open.push(new Set());
    else if (c === 0x5b) open.push(null);
    else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === QUOTE) {
      const start = i;
      let escaped = false;
      for (i++; json.charCodeAt(i) !== QUOTE; i++) {
        if (json.charCodeAt(i) === BACKSLASH) {
          escaped = true;
          i++;
        }
      }
      const keys = open[open.length - 1];
      if (!keys) continue;
      let next = i + 1;
      while (isSpace(json.charCodeAt(next))) next++;
      if (json.charCodeAt(next) !== COLON) continue;
      const key = escaped ? (JSON.parse(json.slice(start, i + 1)) as string) : json.slice(start + 1, i);
      if (keys.has(key)) return key;
      keys.add(key);
    }
  }
  return undefined;
}
