import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { initialJsSize } from "./build/initial-js-size.ts";
import { leanDynamicImports } from "./build/lean-dynamic-imports.ts";
import { BUDGET_KB, OVER_BUDGET_ALLOWANCES_KB } from "./build/js-budget.ts";
import { precompress } from "./build/precompress.ts";
import { shakeReactRouter } from "./build/shake-react-router.ts";
import {
  EDITION_PAGE,
  LAUNCH_PAGE,
  HEADLINE_PAGE,
  NOT_FOUND_PAGE,
  PAGE_FILES,
  PRIVATE_PAGE_FILES,
  RECEIPT_PAGE,
} from "./src/common/pages.ts";

const client = path.resolve(import.meta.dirname, "src/client");

// The browser app lives in src/client and builds to dist/client, which the server serves.
export default defineConfig({
  root: client,
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    // Vite's preload helper is a pass-through here (modulePreload is off, the one stylesheet is in the HTML).
    leanDynamicImports(),
    // react-router's unused components (forms, fetchers, NavLink, scroll restoration) left out of the entry.
    shakeReactRouter(),
    // The budget: what a visit to any public route loads before it draws, at most 110 kB of gzip.
    initialJsSize({
      budgetKb: BUDGET_KB,
      allowancesKb: OVER_BUDGET_ALLOWANCES_KB,
      pagesDir: path.join(client, "pages"),
      // A headline's page stands for every /h/{id}, a receipt's for every /submission/{receipt}.
      routes: {
        ...PAGE_FILES,
        "/h/{id}": HEADLINE_PAGE,
        "/submission/{receipt}": RECEIPT_PAGE,
        "/edition/{date}": EDITION_PAGE,
        "/launch/{date}": LAUNCH_PAGE,
      },
      notFoundPage: NOT_FOUND_PAGE,
      privatePages: PRIVATE_PAGE_FILES,
    }),
    // .br and .gz beside each text asset, served by @fastify/static's preCompressed: no per-request CPU.
    precompress(),
  ],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      // React Router's package exports point at its development build only; its production build (same
      // API, same markup) is 0.5 kB gzip lighter on every page's first load (measured with `vite build`).
      "react-router": path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/index.mjs"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    reportCompressedSize: true,
    // .vite/manifest.json: the server reads it to preload the requested page's chunks (plugins/web-app.ts).
    manifest: true,
    // The server writes each page's preload links into the HTML it sends (plugins/web-app.ts, from the
    // manifest): on a first visit the entry, its imports and the page's chunks download in parallel. Vite's
    // own preloading (a helper and a list of files for each dynamic import, about 0.7 kB of gzip on every
    // first load) would only speed up moving between pages, whose chunks then fetch their imports after them.
    modulePreload: false,
    // Everything the entry needs statically in the entry chunk itself: by default Rolldown splits the modules
    // that lazy pages share with it (React's CJS wrapper, cn, its runtime) into chunks of their own, which
    // every first load then fetches as four files instead of one (about 1 kB more gzip).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"] },
            // Three modules of a few hundred bytes each that the front page shares with other pages: in the
            // entry rather than in chunks of their own, whose import glue cost the front page 0.2 kB.
            {
              name: "index",
              test: /src[\\/](common[\\/](author|sentiment)|client[\\/]lib[\\/]headline-url)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
