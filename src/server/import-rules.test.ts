import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The server's import rules (docs/ARCHITECTURE.md, decision 007): features import each other only through
// features/headlines; shared code lives in lib/, db/, plugins/, integrations/. db/ imports no feature.
const SERVER = path.resolve(import.meta.dirname);

/**
 * Edges that remain, each owned elsewhere: the dashboard's route table registers the account actions
 * (staff management, security reset) and the notification ticker, uploads store through the image
 * store, and the dashboard's previews of submitted image links are cleaned as uploads are, on the same
 * image workers, and share cards draw the stored pictures on a work queue of the uploads' kind (their own
 * instance). A new edge fails this test.
 */
const KNOWN_EDGES = new Set([
  "features/admin/admin.routes.ts -> accounts",
  "features/admin/admin.routes.ts -> notifications",
  "features/admin/admin.routes.ts -> settings",
  "features/admin/admin.service.ts -> notifications",
  "features/uploads/uploads.service.ts -> images",
  "features/admin/admin-images.ts -> images",
  "features/admin/admin-images.ts -> uploads",
  "features/cards/cards.service.ts -> images",
  "features/cards/cards.routes.ts -> uploads",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] as string);
}

/** The feature folder an import resolves into, or null when it is not a feature. */
function featureOf(file: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const target = path.relative(SERVER, path.resolve(path.dirname(file), spec));
  const match = /^features[\\/]([^\\/]+)/.exec(target);
  return match ? (match[1] as string) : null;
}

describe("server import rules", () => {
  const files = sourceFiles(SERVER);

  it("finds the server sources", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it("keeps features from importing each other except through features/headlines", () => {
    const edges: string[] = [];
    for (const file of files) {
      const rel = path.relative(SERVER, file).split(path.sep).join("/");
      const own = /^features\/([^/]+)\//.exec(rel)?.[1];
      if (!own) continue;
      for (const spec of importsOf(file)) {
        const target = featureOf(file, spec);
        if (target && target !== own && target !== "headlines") edges.push(`${rel} -> ${target}`);
      }
    }
    expect(edges.filter((e) => !KNOWN_EDGES.has(e))).toEqual([]);
  });

  it("keeps db/ free of feature code", () => {
    const offenders = files
      .filter((file) => path.relative(SERVER, file).startsWith(`db${path.sep}`))
      .flatMap((file) => importsOf(file).filter((spec) => featureOf(file, spec) !== null));
    expect(offenders).toEqual([]);
  });
});
