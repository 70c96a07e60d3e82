import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { runCycle } from "../features/votes/cycle.service";

const TICK_MS = 5_000;

/**
 * Runs the cycle's clock work at start-up (a server that was down at a deadline catches up) and every few
 * seconds after. runCycle is idempotent and safe across processes, so every process may run this.
 */
export function startCycleJob(
  db: Db,
  log: FastifyBaseLogger,
  onChange: () => void = () => {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const { crowned, rolled } = await runCycle(db, new Date());
        if (crowned)
          log.info({ headlineId: crowned.id, votes: crowned.votes }, "voting ended: winner selected");
        if (rolled) log.info("launch time passed: the next cycle has started");
        if (crowned || rolled) onChange();
      } catch (error) {
        log.error({ err: error }, "cycle job failed; retrying on the next tick");
      } finally {
        running = undefined;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  // Stopping waits for a tick under way: the database must not be closed under it.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
