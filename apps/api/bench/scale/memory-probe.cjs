// Every thread's memory, sampled every 2 s, one JSON line per thread and sample: for breaking a peak RSS
// down by thread. Preload it into the bench's server (worker threads inherit the preload):
//   BENCH_SERVER_NODE_ARGS="-r ./apps/api/bench/scale/memory-probe.cjs" BENCH_MEMORY_PROBE_OUT=/tmp/mem.jsonl
// Threads: 0 is the API, the others the PGlite worker (its `external` is PostgreSQL's WebAssembly memory)
// and the cluster worker. V8's spaces are in MiB; `large_object` holds objects over 128 KB.
const { threadId } = require('node:worker_threads');
const { appendFileSync } = require('node:fs');
const { getHeapSpaceStatistics } = require('node:v8');

const out = process.env.BENCH_MEMORY_PROBE_OUT ?? 'memory-probe.jsonl';
const mib = (bytes) => Math.round(bytes / 2 ** 20);

setInterval(() => {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), mib(s.space_size)]));
  const sample = { t: Date.now(), thread: threadId, rss: mib(m.rss), heapTotal: mib(m.heapTotal), heapUsed: mib(m.heapUsed), external: mib(m.external), spaces };
  appendFileSync(out, `${JSON.stringify(sample)}\n`);
}, 2000).unref();
