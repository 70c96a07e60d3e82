import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser's import rules (docs/ARCHITECTURE.md): it never imports server code, and features never import each
// other; app/ and pages/ compose them.
const CLIENT = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] as string);
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

describe("client import rules", () => {
  // Not this file: its examples of refused imports are strings.
  const files = sourceFiles(CLIENT).filter((file) => file !== import.meta.filename);

  it("finds the client sources", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("never imports server code", () => {
    const offenders = files.filter((file) =>
      importsOf(file).some((spec) => spec.startsWith("@/server") || spec.includes("/server/")),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps each feature to itself", () => {
    const offenders: string[] = [];
    for (const file of files) {
      const match = /features[\\/]([^\\/]+)[\\/]/.exec(path.relative(CLIENT, file));
      if (!match) continue;
      const own = match[1];
      for (const spec of importsOf(file)) {
        const target = /(?:@\/client\/features\/|\.\.\/\.\.\/features\/|\.\.\/)([^/]+)\//.exec(spec);
        if (spec.startsWith("@/client/features/") && target && target[1] !== own)
          offenders.push(`${file}: ${spec}`);
        if (spec.startsWith("@/client/app") || spec.startsWith("@/client/pages"))
          offenders.push(`${file}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it.each(['import { buildApp } from "@/server/app";', 'import { buildApp } from "../../server/app";'])(
    "is stopped by the linter too: %s",
    (source) => {
      expect(restricted("src/client/features/x.ts", `${source}\nexport const used = [buildApp];\n`)).toBe(
        true,
      );
    },
  );
});
