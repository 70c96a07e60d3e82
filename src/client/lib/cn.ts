import { type ClassValue, clsx } from "clsx";

/**
 * Which Tailwind utility a class sets, by the first pattern that matches its base (the class without
 * variants, `!` and a leading `-`); `$1` takes the captured side. Two classes of one group with the same
 * variants conflict, and the later wins. These are the rules of tailwind-merge for the utilities this app
 * uses, written out because tailwind-merge's full table was 9 kB of the front page's gzip JavaScript;
 * cn.test.ts checks every pair of classes in the source against tailwind-merge itself, so a utility that is
 * new here fails that test until it has its line.
 */
const GROUPS: readonly [string, RegExp][] = [
  [
    "display",
    /^(block|inline|inline-block|inline-flex|inline-grid|flex|grid|table|contents|flow-root|hidden)$/,
  ],
  ["position", /^(static|fixed|absolute|relative|sticky)$/],
  ["container-type", /^@container$/],
  ["visibility", /^(visible|invisible|collapse)$/],
  ["sr", /^(not-)?sr-only$/],
  ["inset$1", /^inset-(?:([xy])-)?(\d|auto|full|px|\[)/],
  ["$1", /^(top|right|bottom|left)-(\d|auto|full|px|\[)/],
  ["$1", /^(z|opacity|cursor|select|pointer-events|aspect|animate|duration|rotate|basis)-/],
  ["flex-direction", /^flex-(row|col)(-reverse)?$/],
  ["flex-wrap", /^flex-(wrap|wrap-reverse|nowrap)$/],
  ["flex", /^flex-(\d|auto|initial|none|\[)/],
  ["$1", /^(shrink|grow|resize|transition)(-|$)/],
  ["items", /^items-/],
  ["justify", /^justify-(start|end|center|between|around|evenly|stretch|normal)/],
  ["self", /^self-/],
  ["gap$1", /^gap-(?:([xy])-)?/],
  [
    "$1",
    /^(grid-cols|grid-rows|col-start|col-end|row-start|row-end|line-clamp|appearance|whitespace|wrap|tracking)-/,
  ],
  ["col", /^col-/],
  ["row", /^row-/],
  ["$1", /^(size|min-w|min-h|max-w|max-h|w|h)-/],
  ["p$1", /^p([xytrbl]?)-/],
  ["m$1", /^m([xytrbl]?)-/],
  ["scroll-m$1", /^scroll-m([xytrbl]?)-/],
  ["font-weight", /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ["font-family", /^font-/],
  ["font-size", /^text-(xs|sm|base|lg|\d?xl|\[(\d|calc\(|clamp\(|min\(|max\().*\])$/],
  ["text-align", /^text-(left|center|right|justify|start|end)$/],
  ["text-color", /^text-/],
  ["leading", /^leading-/],
  ["text-transform", /^(uppercase|lowercase|capitalize|normal-case)$/],
  ["text-decoration", /^(underline|overline|line-through|no-underline)$/],
  ["underline-offset", /^underline-offset-/],
  ["decoration-width", /^decoration-(\d+|auto|from-font)$/],
  ["decoration-color", /^decoration-/],
  ["bg-color", /^bg-/],
  ["border-collapse", /^border-(collapse|separate)$/],
  ["border-style", /^border-(solid|dashed|dotted|double|hidden|none)$/],
  ["border-w$1", /^border(?:-([xytrbl]))?(-\d+|-\[[\d.]+px\])?$/],
  ["border-color$1", /^border(?:-([xytrbl]))?-/],
  ["divide-$1", /^divide-([xy])(-|$)/],
  ["divide-color", /^divide-/],
  ["shadow", /^shadow(-|$)/],
  ["rounded", /^rounded(-|$)/],
  ["overflow$1", /^overflow-(?:([xy])-)?/],
  ["break", /^break-(normal|words|all|keep)$/],
  ["list-type", /^list-(none|disc|decimal)$/],
  ["object-fit", /^object-(contain|cover|fill|none|scale-down)$/],
  ["translate$1", /^translate-([xy])-/],
  ["translate", /^translate-/],
  ["outline-style", /^outline-(solid|dashed|dotted|double|none|hidden)$/],
  ["outline-offset", /^outline-offset-/],
  ["outline-w", /^outline(-\d+)?$/],
  ["outline-color", /^outline-/],
  // An arbitrary property, [image-rendering:pixelated]: one group per property.
  ["[$1]", /^\[([a-z-]+):/],
];

/** A later class of the key's group also removes earlier ones of these groups (a `p-4` after a `px-2`). */
const CONFLICTS: Record<string, string[]> = {
  inset: ["insetx", "insety", "top", "right", "bottom", "left"],
  insetx: ["right", "left"],
  insety: ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gapx", "gapy"],
  overflow: ["overflowx", "overflowy"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
};
for (const group of ["p", "m", "border-w", "border-color"]) {
  CONFLICTS[group] = [..."xytrbl"].map((side) => group + side);
  CONFLICTS[`${group}x`] = [`${group}r`, `${group}l`];
  CONFLICTS[`${group}y`] = [`${group}t`, `${group}b`];
}

function groupOf(base: string): string | undefined {
  for (const [group, pattern] of GROUPS) {
    const match = pattern.exec(base);
    if (match) return group.replace("$1", match[1] ?? "");
  }
  return undefined;
}

/** `hover:md:!p-2` -> the variants `hover`, `md` and the base `!p-2`; colons inside brackets don't split. */
function splitVariants(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(name.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(name.slice(start));
  return parts;
}

/** Variants in a canonical order (`md:hover` is `hover:md`), except that arbitrary ones keep their place. */
function variantKey(variants: string[]): string {
  const key: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || ORDER_SENSITIVE.has(variant)) {
      key.push(...run.sort(), variant);
      run = [];
    } else {
      run.push(variant);
    }
  }
  return [...key, ...run.sort()].join(":");
}
const ORDER_SENSITIVE = new Set([
  ...["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line"],
  ...["marker", "placeholder", "selection"],
]);

function merge(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i] ?? "";
    const variants = splitVariants(name);
    let base = variants.pop() ?? "";
    const important = base.startsWith("!") || base.endsWith("!");
    base = base.replace(/^!|!$/g, "").replace(/^-/, "");
    const group = groupOf(base);
    if (group !== undefined) {
      const prefix = `${variantKey(variants)}${important ? "!" : ""}:`;
      if (taken.has(prefix + group)) continue;
      taken.add(prefix + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(prefix + other);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

// The same few class lists come back on every render; remembering them keeps cn() off the profile.
const merged = new Map<string, string>();

/** Joins class names; later Tailwind classes win over earlier ones (so callers can override a primitive). */
export function cn(...inputs: ClassValue[]): string {
  const list = clsx(inputs);
  let result = merged.get(list);
  if (result === undefined) {
    if (merged.size >= 1000) merged.clear();
    result = merge(list);
    merged.set(list, result);
  }
  return result;
}
