import { readdirSync, readFileSync } from "node:fs";
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

describe("client import rules", () => {
  const files = sourceFiles(CLIENT);

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
});
