import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = { "@": path.resolve(root, "src") };

// Two projects: everything on the embedded database, and the API suites again on PostgreSQL when
// TEST_DATABASE_URL is set (CI points it at a scratch database on the local server).
//
// isolate: false: the test files of one worker share its modules instead of importing Fastify, the app and
// PGlite again each (56 s of the 262 s the embedded run took; 131 s without). Tests leave nothing behind
// that the next one reads: each builds its own app on an emptied or new database (src/server/test/test-app.ts)
// and restores the timers and mocks it changed.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "pglite",
          isolate: false,
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          environment: "node",
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                isolate: false,
                include: ["src/server/**/*.test.ts"],
                environment: "node" as const,
                globalSetup: ["src/server/test/global-setup.ts"],
                env: { TEST_DB: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
