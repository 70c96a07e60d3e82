/**
 * Builds the production server: one ESM bundle per entry point (the server, and the migrate, backup and
 * restore commands) with every npm package left external (installed by `npm install --omit=dev`), source
 * maps for stack traces in the logs, and the files it reads at run time (the SQL migrations, the common-password list) copied beside
 * it. The production process then runs on plain `node`,
 * with no TypeScript compiler, Vite or Tailwind loaded.
 *
 *   tsx build/server.ts [outdir]     (default dist/server; an outdir must sit inside the project, where
 *                                     node_modules can be found)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

export async function buildServer(outdir = path.join(root, "dist", "server")): Promise<void> {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, "src/server/main.ts"),
      migrate: path.join(root, "src/server/migrate.ts"),
      backup: path.join(root, "src/server/backup.ts"),
      restore: path.join(root, "src/server/restore.ts"),
      // The first paints' thread (features/share/first-paint-drawer.ts starts it from beside the bundle).
      "first-paint-worker": path.join(root, "src/server/features/share/first-paint-worker.ts"),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22.12",
    packages: "external",
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  // What the server reads beside its own code at run time (import.meta.dirname is outdir once bundled).
  fs.cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), {
    recursive: true,
  });
  fs.copyFileSync(
    path.join(root, "src/server/features/accounts/common-passwords.txt"),
    path.join(outdir, "common-passwords.txt"),
  );
  // The commit for the build_info metric (src/server/build-info.ts); GIT_COMMIT at run time overrides it.
  fs.writeFileSync(path.join(outdir, "build-info.json"), `${JSON.stringify({ commit: gitCommit() })}\n`);
}

/** The checked-out commit, or null outside a git checkout (a source tarball). */
function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  await buildServer(outdir);
  console.log(
    `server built into ${path.relative(root, outdir ?? "dist/server")} in ${Math.round(performance.now() - started)} ms`,
  );
}
