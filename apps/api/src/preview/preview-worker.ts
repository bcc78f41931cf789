// A preview worker thread: runs one fork job and exits, so the fork's memory goes with it. Its heap is
// capped by the host (resourceLimits); a fork that outgrows it ends the thread, which the host reports.
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../config/config.js';
import { runAtBackgroundPriority } from '../threads/background-priority.js';
import { PreviewInputError } from './preview-errors.js';
import { runForkJob, type ForkJob, type ForkReply } from './preview-worker-protocol.js';

const data = workerData as { job: ForkJob; config: { env: Record<string, string>; cwd: string } };
runAtBackgroundPriority();
runForkJob(data.job, loadConfig(data.config.env, data.config.cwd)).then(
  (answer) => parentPort!.postMessage({ ok: true, answer } satisfies ForkReply),
  (err: unknown) => parentPort!.postMessage({
    ok: false, message: err instanceof Error ? err.message : String(err), ...(err instanceof PreviewInputError ? { field: err.field } : {}),
  } satisfies ForkReply),
);
