/**
 * Lets one waiter through per turn of the event loop, in its check phase: the next goes after Node has
 * polled for I/O again, so the requests that arrive meanwhile are read between two.
 *
 * For the work a page does on behalf of its first paint and its head while votes stream in (issue 28): a
 * kept paint compared with the lists of now, a head read again. Each is a few milliseconds on this thread
 * without a pause (PGlite answers synchronously), and a burst of them (every page a crowd reads, once a
 * second under votes) held the votes that arrived meanwhile for 30-50 ms. One at a turn, a vote waits for
 * one of them at most.
 */
export function oneAtATurn(): () => Promise<void> {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    waiting.shift()?.();
    // Scheduled from within the check phase: the next one goes after the next poll for I/O.
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(next);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
