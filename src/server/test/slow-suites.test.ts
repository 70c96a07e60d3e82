import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../../vitest.config";
import { SLOW_SUITE_TIMEOUT_MS, slowSuite } from "./slow-suite";

/**
 * Issue 28: on a busy machine (load 10) migration-0004.test.ts took 39.9 s against the 30 s default and
 * stopped the run. The suites that start servers, migrate databases or simulate a month get their own,
 * longer timeouts, file by file; the default for everything else stays as it is.
 */
slowSuite();

const root = path.resolve(import.meta.dirname, "../../..");
const SLOW_SUITES = [
  "src/server/db/migration-0004.test.ts",
  "src/server/db/database-definitions.test.ts",
  "src/server/previous-release.test.ts",
  "src/server/process.test.ts",
  "src/server/two-instances.test.ts",
  "src/server/compiled-server.test.ts",
  "src/server/backup.test.ts",
  "src/server/features/votes/thirty-days.test.ts",
];

describe("slow suites", () => {
  it("each set a file-wide timeout, and no test or hook in them asks for less", () => {
    for (const file of SLOW_SUITES) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      expect(text, file).toMatch(/^slowSuite\(\);$/m);
      // An explicit per-test or per-hook number below the file's would undo it for that test.
      const explicit = [...text.matchAll(/^\s*\}, (\d[\d_]*)\);$/gm)].map((m) =>
        Number(m[1]?.replace(/_/g, "")),
      );
      for (const ms of explicit) expect(ms, file).toBeGreaterThanOrEqual(SLOW_SUITE_TIMEOUT_MS);
    }
  });

  it("applies to the tests and hooks of the file that asks", ({ task }) => {
    expect(task.timeout).toBe(SLOW_SUITE_TIMEOUT_MS);
  });

  it("leaves the default for everything else as it was", () => {
    const projects = (config as { test?: { projects?: Array<{ test?: { testTimeout?: number } }> } }).test
      ?.projects;
    expect(projects?.map((p) => p.test?.testTimeout)).toEqual(
      process.env.TEST_DATABASE_URL ? [30_000, 30_000] : [30_000],
    );
  });
});
