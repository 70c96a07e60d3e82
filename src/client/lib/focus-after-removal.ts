/**
 * How long to wait for the list to drop the item before giving up: a refetch on a loaded server took more
 * than 5 s in CI, and the focus then fell to <body>. The focus is moved only if it is still nowhere.
 */
const WAIT_MS = 30_000;

/**
 * Keeps the keyboard's place when an action removes its own item (Approve takes a card out of the pending
 * list). Called as the action is pressed, while `item` is still on the page (it may be gone before the
 * answer): once it has left, the focus goes to the first button of the item that took its place (the next
 * one, else the one before), else to `fallback` (the panel, which then says the list is empty).
 * Without this the focus fell to <body>, at the top of the page (issue 23).
 */
export function focusAfterRemoval(item: Element, fallback: () => HTMLElement | null): void {
  const li = item.closest("li") ?? item;
  const neighbour = (li.nextElementSibling ?? li.previousElementSibling) as HTMLElement | null;
  const move = () => {
    const target = neighbour?.isConnected
      ? neighbour.querySelector<HTMLElement>("button:not([disabled]), a[href]")
      : null;
    (target ?? fallback())?.focus();
  };
  const observer = new MutationObserver(() => {
    if (li.isConnected) return;
    observer.disconnect();
    clearTimeout(timer);
    // After React's commit, so the neighbour's buttons are in place; never away from where the visitor went.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) move();
    });
  });
  const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
}
