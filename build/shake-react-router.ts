import type { Plugin } from "vite";

/** A component or context made at the top of react-router's bundle: `var Link = React10.forwardRef(`. */
const UNMARKED_CALL = /= (React\d*\.(?:forwardRef|memo|createContext)\()/g;
/** Its name for React DevTools, set right after: `Link.displayName = "Link";`. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * Lets the bundler leave out the parts of react-router this app does not use (1.9 kB of gzip on every
 * first load, decision 005).
 *
 * react-router ships one bundle for all its modes, and defines its components as
 * `var Link = React.forwardRef(...)` followed by `Link.displayName = "Link"`, with no `@__PURE__` mark:
 * to a bundler both statements are side effects, so every such component stays in the entry whether
 * anything renders it or not, with all it calls: `<Form>` with fetchers and form submission, `<NavLink>`,
 * `<ScrollRestoration>`, the framework's error boundaries. This marks those calls pure, as React's own
 * builds are, and drops the display names, which only React DevTools reads; the components the app renders
 * keep working as before, and nameless ones show in DevTools as `ForwardRef`.
 *
 * After an upgrade that changes how react-router is written, this may stop matching: the build then warns,
 * and the budget check (build/initial-js-size.ts) shows the weight come back.
 */
export function shakeReactRouter(): Plugin {
  return {
    name: "shake-react-router",
    apply: "build",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code, id) {
        // The file that defines the components (<Link>, <Form>...); the others have none.
        if (!code.includes("forwardRef(")) return null;
        const marked = code.replace(UNMARKED_CALL, "= /* @__PURE__ */ $1").replace(DISPLAY_NAME, "");
        if (marked === code)
          this.warn(`${id}: nothing to mark pure any more; is build/shake-react-router.ts still needed?`);
        // Lines stay where they were (a display name leaves an empty line), so no source map is needed.
        return { code: marked, map: null };
      },
    },
  };
}
