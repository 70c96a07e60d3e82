import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
 * instance), and the page heads ask whether a receipt exists (an unknown one is the not-found page, issue 28),
 * and a launched coin's image linked from outside is cleaned as an upload is, on the same workers (issue 29).
 * A new edge fails this test.
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
  "features/share/page-heads.ts -> submissions",
  "features/launches/launches.service.ts -> uploads",
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

/**
 * Whether Biome's linter refuses `source` at `file` (the rule is in biome.json, by folder). Biome reads a
 * file's folder from its place, so the source is written there for the run, under a name of its own.
 */
function restricted(file: string, source: string): boolean {
  const root = path.resolve(import.meta.dirname, "../..");
  const probe = path.join(
    root,
    file.replace(/\.ts$/, `.probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`),
  );
  writeFileSync(probe, source);
  try {
    const run = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", probe], {
      cwd: root,
      encoding: "utf8",
    });
    return `${run.stdout}${run.stderr}`.includes("noRestrictedImports");
  } finally {
    rmSync(probe, { force: true });
  }
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

describe("the linter's import boundaries (biome.json noRestrictedImports)", () => {
  it.each([
    ["src/server/features/x.ts", 'import { App } from "@/client/app/app";'],
    ["src/server/features/x.ts", 'import { App } from "../../client/app/app";'],
    ["src/server/features/x.ts", 'import { cn } from "@/client/lib/cn";'],
    ["src/common/x.ts", 'import { buildApp } from "@/server/app";'],
    ["src/common/x.ts", 'import { buildApp } from "../server/app";'],
    ["src/common/x.ts", 'import { cn } from "@/client/lib/cn";'],
    ["src/common/x.ts", 'import { cn } from "../client/lib/cn";'],
  ])("refuses in %s: %s", (file, source) => {
    expect(
      restricted(file, `${source}\nexport const used = [${/import \{ (\w+) \}/.exec(source)?.[1]}];\n`),
    ).toBe(true);
  });

  it.each([
    'import type { FirstPaint } from "@/client/first-paint";',
    'import { buttonClass } from "@/client/components/ui/button-variants";',
  ])("allows the server's two edges into the browser's code: %s", (source) => {
    const name = /import (?:type )?\{ (\w+) \}/.exec(source)?.[1];
    expect(restricted("src/server/features/x.ts", `${source}\nexport type Used = typeof ${name};\n`)).toBe(
      false,
    );
  });
});
