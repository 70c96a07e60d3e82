import { vi } from "vitest";

/**
 * The timeout of the suites that start servers, migrate databases or simulate a month, for their tests and
 * hooks alike: enough on a machine at load 10 (other sessions' tests, a CI runner's neighbours), where
 * migration-0004.test.ts once took 39.9 s against the 30 s default (issue 28).
 */
export const SLOW_SUITE_TIMEOUT_MS = 180_000;

/**
 * Called at the top of a slow test file, before its tests and hooks are declared: the longer timeout holds
 * for that file only (Vitest resets the config after each file, the shared workers of `isolate: false`
 * included), so the default for everything else stays short. A function, not an import's side effect: with
 * `isolate: false` a module runs once per worker, and the second file would not get it.
 */
export function slowSuite(timeoutMs = SLOW_SUITE_TIMEOUT_MS): void {
  vi.setConfig({ testTimeout: timeoutMs, hookTimeout: timeoutMs });
}
