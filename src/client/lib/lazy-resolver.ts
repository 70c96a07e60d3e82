import type { FieldValues, Resolver } from "react-hook-form";

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  /** For useForm: loads the real resolver on its first call, then hands every call to it. */
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts loading ahead of the first validation (on the form's first focus); never rejects. */
  preload: () => Promise<void>;
}

/**
 * A React Hook Form resolver whose code loads on demand. The forms validate with the shared zod schemas
 * (src/common), and zod is a quarter of a page's JavaScript budget: the page draws without it, and it loads
 * when someone starts to fill the form in, well before the first validation (on submit). The validation and
 * its messages are exactly the schema's; only its arrival is later.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // Not cached: the next validation tries again (a flaky connection, a deploy in between).
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  };
}
