export interface OnDemand<T> {
  /** Loads on the first call and keeps the result; after a failure the next call tries again. */
  get: () => Promise<T>;
  /** Starts loading ahead of need (on a form's first focus, say); never rejects. */
  preload: () => Promise<void>;
}

/**
 * Code loaded when it is first needed: a page's screen (app-routes.tsx), or what a form needs once the
 * visitor uses it. `load` is a dynamic import, which the bundler makes a chunk of its own, off the first
 * load (decision 005).
 */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // Not cached: the next call tries again (a flaky connection, a deploy in between).
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    get,
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  };
}
