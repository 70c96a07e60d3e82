import { busy } from "../../lib/http-error";

export const IMAGE_WORKERS = 2;
export const UPLOADS_BUSY = "The server is busy with other uploads. Please try again in a moment.";
/** What a refused upload is told: a queue of a few images drains within seconds. */
const BUSY_RETRY_AFTER_S = 10;

/** A place in the image work queue, taken before the file is read: run the work in it, or leave. */
export interface WorkTicket {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back without running (the upload was refused before its image work). */
  leave(): void;
}

/**
 * Image work (decoding and re-encoding an upload with sharp) runs on a fixed number of workers, with a small
 * queue in front: each image may take ~160 MB while decoded and a core while encoded, and a burst of uploads
 * must not take the memory and CPU that every other request needs. A place is taken before the upload's
 * body is read, so at most `workers + queueMax` uploads are held in memory at once; beyond that, 503 with
 * Retry-After (UPLOAD_QUEUE_MAX).
 */
export class ImageWorkQueue {
  private running = 0;
  /** Tickets taken and not yet running or left: the queue, including uploads still being received. */
  private holders = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly queueMax: number,
    private readonly workers = IMAGE_WORKERS,
    /** What a refused place is told: the share cards have a queue of their own (features/cards). */
    private readonly busyMessage = UPLOADS_BUSY,
  ) {}

  /** Places taken and not running yet (uploads still being received included): the queue's depth. */
  get queued(): number {
    return this.holders - this.running;
  }

  /** Workers busy now. */
  get busyWorkers(): number {
    return this.running;
  }

  /** A place, or 503 (with Retry-After) when every worker is busy and the queue is full. */
  enter(): WorkTicket {
    if (this.holders >= this.workers + this.queueMax) throw busy(this.busyMessage, BUSY_RETRY_AFTER_S);
    this.holders += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.holders -= 1;
    };
    return {
      run: async (work) => {
        try {
          return await this.slot(work);
        } finally {
          finish();
        }
      },
      leave: finish,
    };
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The worker passes straight to the next waiter, so the running count stays exact.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
