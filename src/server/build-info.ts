import fs from "node:fs";
import path from "node:path";
import { version } from "../../package.json";
import type { BuildInfo } from "./plugins/observability";

/** Written beside the production bundle by build/server.ts: the commit it was built from. */
export const BUILD_INFO_FILE = "build-info.json";

/**
 * The running release for the `build_info` metric: the version in package.json, and the commit from
 * GIT_COMMIT when the environment sets it (a container build passes it), else the one build/server.ts
 * recorded beside the bundle, else "unknown" (run from the sources outside a build).
 */
export function buildInfo(gitCommit: string | undefined, dir = import.meta.dirname): BuildInfo {
  return { version, commit: gitCommit ?? builtCommit(dir) ?? "unknown" };
}

function builtCommit(dir: string): string | undefined {
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(dir, BUILD_INFO_FILE), "utf8")) as {
      commit?: unknown;
    };
    return typeof recorded.commit === "string" && recorded.commit ? recorded.commit : undefined;
  } catch {
    return undefined;
  }
}
