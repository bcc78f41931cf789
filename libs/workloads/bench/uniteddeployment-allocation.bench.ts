// UnitedDeployment allocation for 100 subsets: each allocator (docs/spec/uniteddeployment.md §2, §4) and a
// whole planner pass (allocation, partitions, subset decisions, status) over 100 existing subsets.
// Reports the median time per call. Run with `npm run bench`.
import { setDefaultsUnitedDeployment, type Subset, type UnitedDeployment } from '@coxswain/kruise-api';
import { CLONESET_SUBSET, allocateReplicas, planUnitedDeployment, type SubsetFacts, type SubsetObservation } from '@coxswain/workloads/testing';

const SUBSETS = 100;
const REPLICAS = 10_000;
const ITERATIONS = 2_000;

function ud(subsets: Subset[], adaptive: 'no' | 'adaptive' | 'reserve'): UnitedDeployment {
  return setDefaultsUnitedDeployment({
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment', metadata: { name: 'big', namespace: 'bench', uid: 'ud', generation: 1 },
    spec: {
      replicas: REPLICAS, selector: { matchLabels: { app: 'big' } },
      template: { cloneSetTemplate: { spec: { selector: { matchLabels: { app: 'big' } }, template: { metadata: { labels: { app: 'big' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } as never },
      topology: {
        subsets,
        ...(adaptive !== 'no' ? { scheduleStrategy: { type: 'Adaptive' as const, adaptive: { reserveUnschedulablePods: adaptive === 'reserve' } } } : {}),
      },
    },
  });
}

const names = Array.from({ length: SUBSETS }, (_, i) => `zone-${String(i).padStart(3, '0')}`);
const facts: SubsetFacts[] = names.map((name, i) => ({
  name, exists: true, specReplicas: 90 + (i % 20), readyReplicas: 80 + (i % 20), unschedulable: i % 17 === 0, marked: i % 17 === 0, reservedPods: i % 17 === 0 ? 10 : 0,
}));
const cases: [string, UnitedDeployment][] = [
  ['specific (a third int, a third %, a third nil)', ud(names.map((name, i) => ({ name, ...(i % 3 === 0 ? { replicas: 50 } : i % 3 === 1 ? { replicas: '1%' } : {}) })), 'no')],
  ['min/max', ud(names.map((name, i) => ({ name, minReplicas: 10, ...(i < SUBSETS - 1 ? { maxReplicas: 150 } : {}) })), 'no')],
  ['Adaptive', ud(names.map((name, i) => ({ name, ...(i < SUBSETS - 1 ? { maxReplicas: 150 } : {}) })), 'adaptive')],
  ['Adaptive with reservation', ud(names.map((name, i) => ({ name, ...(i < SUBSETS - 1 ? { maxReplicas: 150 } : {}) })), 'reserve')],
];

function median(run: () => unknown): number {
  for (let i = 0; i < 200; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

console.log(`UnitedDeployment allocation, ${SUBSETS} subsets, spec.replicas ${REPLICAS.toLocaleString('en-US')} (median of ${ITERATIONS} calls)`);
console.log('| allocator | per call (µs) | allocated |');
console.log('|---|---|---|');
for (const [name, u] of cases) {
  const result = allocateReplicas(u, facts);
  if (!result.ok) throw new Error(`${name}: ${result.error}`);
  const allocated = result.allocation.subsets.reduce((a, s) => a + s.replicas, 0);
  console.log(`| ${name} | ${(median(() => allocateReplicas(u, facts)) * 1000).toFixed(1)} | ${allocated.toLocaleString('en-US')} |`);
}

// A whole pass: 100 existing CloneSet subsets (no pods listed), nothing to change.
const planned = cases[0]![1];
const subsets = new Map<string, SubsetObservation>(names.map((name, i) => [name, {
  name, pods: [],
  workload: {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
    metadata: { name: `big-${name}-xxxxx`, namespace: 'bench', uid: `w${i}`, labels: { 'apps.kruise.io/subset-name': name, 'apps.kruise.io/controller-revision-hash': 'big-rev' }, annotations: { 'apps.kruise.io/subset-patch': '' } },
    spec: { replicas: 100 }, status: { replicas: 100, readyReplicas: 100 },
  },
}]));
const pass = () => planUnitedDeployment({ ud: planned, adapter: CLONESET_SUBSET, updateRevision: 'big-rev', currentRevision: 'big-rev', subsets, otherKinds: [], now: Date.parse('2026-01-01T00:00:00Z') });
console.log(`| whole planner pass (allocation, partitions, ${SUBSETS} subset decisions, status) | ${(median(pass) * 1000).toFixed(1)} | ${pass().subsets.reduce((a, s) => a + s.replicas, 0).toLocaleString('en-US')} |`);
