/**
 * The budget ("Scale and speed"): the JavaScript a public route loads before it draws, in kB (1000
 * bytes) of gzip. build/initial-js-size.ts enforces it on every build, e2e/front-end-weight.spec.ts in a
 * browser.
 */
export const BUDGET_KB = 110;

/**
 * Routes still over the budget, each with the most it may weigh until it is brought under (decision 005
 * says why each is over and what would fix it). Above these the build fails like any other route, so they
 * cannot grow unnoticed; lower a figure whenever the route gets lighter, and delete it once under budget.
 */
export const OVER_BUDGET_ALLOWANCES_KB: Readonly<Record<string, number>> = {
  // React Hook Form (14.5 kB) draws the form; zod and the schemas load on the form's first focus.
  "/submit": 129.5,
  // The same, with Radix RadioGroup (and its roving focus) for the launch options and the payment box.
  "/paid-submit": 140,
};

/** The most a public route may load before it draws, in kB of gzip. */
export function routeBudgetKb(route: string): number {
  return OVER_BUDGET_ALLOWANCES_KB[route] ?? BUDGET_KB;
}
