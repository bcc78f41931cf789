// Runs fork jobs in worker threads of their own, one at a time (the machine's other threads keep their
// share), each with a capped heap, and a short queue: past it a preview is refused rather than left
// waiting. docs/preview.md states the bounds.
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../config/config.js';
import { compiledEntry } from '../persistence/compiled-entry.js';
import { PreviewInputError } from './preview-errors.js';
import type { PreviewAnswer } from './preview-types.js';
import type { ForkJob, ForkReply } from './preview-worker-protocol.js';

/** Heap a preview worker may use: enough for a 10,000-pod fork. */
export const PREVIEW_HEAP_MB = 1024;
/** Previews waiting behind the running one before new ones are refused. */
export const PREVIEW_QUEUE = 4;

export class PreviewBusyError extends Error {}

export class PreviewHost {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly config: AppConfig) {}

  run(job: ForkJob): Promise<PreviewAnswer> {
    if (this.waiting >= PREVIEW_QUEUE) return Promise.reject(new PreviewBusyError(`${PREVIEW_QUEUE} previews are already waiting; try again when they are done`));
    this.waiting++;
    const result = this.tail.then(() => this.runOne(job)).finally(() => this.waiting--);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private runOne(job: ForkJob): Promise<PreviewAnswer> {
    const worker = new Worker(compiledEntry('./preview-worker.js', import.meta.url), {
      workerData: { job, config: this.config.source },
      resourceLimits: { maxOldGenerationSizeMb: PREVIEW_HEAP_MB },
    });
    return new Promise<PreviewAnswer>((resolve, reject) => {
      worker.once('message', (reply: ForkReply) => {
        if (reply.ok) resolve(reply.answer);
        else reject(reply.field ? new PreviewInputError(reply.field, reply.message.replace(`${reply.field}: `, '')) : new Error(reply.message));
        void worker.terminate();
      });
      worker.once('error', (err) => reject(new Error(`the preview failed: ${err.message}`)));
      worker.once('exit', (code) => reject(new Error(`the preview worker exited (code ${code}) before answering: the fork may have outgrown its ${PREVIEW_HEAP_MB} MB heap`)));
    });
  }
}
