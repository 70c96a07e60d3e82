import type { Plugin } from "vite";

/** The module Vite imports into every chunk that has a dynamic import(), to wrap each one. */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * Replaces Vite's preload helper (about 1 kB of gzip in the entry) with a pass-through.
 *
 * Vite wraps every dynamic import() as `__vitePreload(() => import(chunk), deps)`: the helper adds a
 * `<link>` for each of the chunk's dependencies (its JS imports when `build.modulePreload` is on, its CSS
 * always) and waits for the stylesheets. Here modulePreload is off (the server writes the preload links,
 * plugins/web-app.ts), and the app has one stylesheet, which every page's HTML links: the only dependency a
 * wrapper can name is a stylesheet already in place, which the helper skips. So the wrapper just imports.
 *
 * Should a lazy chunk ever bring a stylesheet of its own, the pass-through would leave it unloaded: the
 * build then fails here instead (drop this plugin, or move that CSS into the entry's stylesheet).
 */
export function leanDynamicImports(): Plugin {
  return {
    name: "lean-dynamic-imports",
    apply: "build",
    enforce: "pre",
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(id) {
        if (id !== PRELOAD_HELPER_ID) return null;
        return "export const __vitePreload = (load) => load();";
      },
    },
    generateBundle(_options, bundle) {
      const entryCss = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type === "chunk" && item.isEntry)
          for (const css of item.viteMetadata?.importedCss ?? []) entryCss.add(css);
      }
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        const own = [...(item.viteMetadata?.importedCss ?? [])].filter((css) => !entryCss.has(css));
        if (own.length > 0) {
          this.error(
            `${item.fileName} has a stylesheet of its own (${own.join(", ")}), which build/lean-dynamic-imports.ts ` +
              "would leave unloaded: keep the app's CSS in the entry's stylesheet, or remove that plugin.",
          );
        }
      }
    },
  };
}
