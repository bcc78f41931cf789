// How far V8 lets an old generation grow past what its last full collection left, before the next
// one. Under load V8 grows it by up to four times; while 150,000 pods were created the cluster worker's
// heap reached 2.3 GB for 0.7 GB live, and the process's RSS 3.6 GB. At twice, 1.4 GB (the creation no
// slower); at one and a half times, 1.1 GB, for a little more delay on the API thread while pods are
// created (reads' p99 about 10 ms more in the responsive benchmark). V8's flags are the process's: set
// once by the main thread, before the workers start, it holds for every thread.
import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to (1 + HEAP_GROWING_PERCENT / 100) times its size after a full collection. */
export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
