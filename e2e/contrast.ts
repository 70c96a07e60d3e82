import type { Locator } from "@playwright/test";

/**
 * The contrast ratio (WCAG) of an element's text against its own fill as a person sees them: the fill over
 * the first opaque background behind it, and the element and its ancestors' opacity applied to both, so a
 * dimmed button counts as dimmed.
 */
export function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgba = (css: string): [number, number, number, number] => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (top: number[], alpha: number, under: number[]) =>
      top.slice(0, 3).map((c, i) => alpha * c + (1 - alpha) * (under[i] ?? 0));
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let backdropNode = el.parentElement;
    while (backdropNode && rgba(getComputedStyle(backdropNode).backgroundColor)[3] < 1) {
      backdropNode = backdropNode.parentElement;
    }
    const backdrop = rgba(getComputedStyle(backdropNode ?? document.body).backgroundColor);
    let alpha = 1;
    for (let n: Element | null = el; n && n !== backdropNode; n = n.parentElement) {
      alpha *= Number(getComputedStyle(n).opacity);
    }
    const style = getComputedStyle(el);
    const ownFill = rgba(style.backgroundColor);
    const fill = over(ownFill, ownFill[3], backdrop);
    const ink = rgba(style.color);
    const text = over(ink, ink[3], fill);
    const [a, b] = [luminance(over(text, alpha, backdrop)), luminance(over(fill, alpha, backdrop))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}
