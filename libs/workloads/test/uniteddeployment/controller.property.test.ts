// Randomized UnitedDeployments in the embedded cluster: random replicas, subsets (int, %, nil, or
// min/max), Fixed or Adaptive scheduling, CloneSet or Deployment subsets, and an optional zone outage
// (every node of one zone cordoned). Whatever the draw, the cluster must converge to the allocation:
// the allocation places spec.replicas (min(R, Σmax) with min/max), every subset workload runs exactly
// its allocated pods, in its own zone only; a subset whose zone is out stays Pending under Fixed and is
// emptied under Adaptive (unless its minReplicas holds it).
//
// Replay a failure with FC_SEED=<seed> FC_PATH=<path>; more runs with FC_RUNS=<n> (default 10).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseSubsetReplicas, type Node, type Pod, type UnitedDeployment } from '@coxswain/kruise-api';
import { isActive } from '../../src/pod/pod-state.js';
import { NODE_REF } from '../../src/refs.js';
import { CLONESET_REF, DEPLOYMENT_REF, UD_REF, startUnitedEnv } from '../support/united-env.js';

const RUNS = Number(process.env['FC_RUNS'] ?? 25);
const ZONES = ['a', 'b', 'c'] as const;
const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('0%', '25%', '34%', '50%', '100%'));

const scenario = fc.record({
  replicas: fc.integer({ min: 0, max: 7 }),
  mode: fc.constantFrom('specific', 'minMax', 'adaptive'),
  specific: fc.tuple(fc.option(intOrPercent, { nil: undefined }), fc.option(intOrPercent, { nil: undefined }), fc.option(intOrPercent, { nil: undefined })),
  bounds: fc.tuple(
    fc.record({ min: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }), max: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }),
    fc.record({ min: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }), max: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }),
  ),
  kind: fc.constantFrom('cloneSetTemplate', 'deploymentTemplate'),
  outage: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function subsetYaml(s: Scenario): { yaml: string; valid: boolean } {
  const lines = ZONES.map((z, i) => {
    let extra = '';
    if (s.mode === 'specific') {
      const v = s.specific[i];
      if (v !== undefined) extra = `\n      replicas: ${JSON.stringify(v)}`;
    } else if (i < 2) {
      const b = s.bounds[i]!;
      if (b.min !== undefined) extra += `\n      minReplicas: ${b.min}`;
      if (b.max !== undefined) extra += `\n      maxReplicas: ${Math.max(b.max, b.min ?? 0)}`;
    }
    return `
    - name: subset-${z}
      nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-${z}]}]}${extra}`;
  }).join('');
  // The specific allocator refuses sums that do not fit; such draws are not UnitedDeployments anyone can apply.
  let valid = true;
  if (s.mode === 'specific') {
    const specified = s.specific.filter((v) => v !== undefined).map((v) => parseSubsetReplicas(s.replicas, v!).value);
    const sum = specified.reduce((a, b) => a + b, 0);
    valid = sum <= s.replicas && !(specified.length === 3 && sum !== s.replicas);
  }
  return { yaml: lines, valid };
}

function manifest(s: Scenario, subsets: string): string {
  const strategy = s.mode === 'adaptive' ? '\n    scheduleStrategy: {type: Adaptive, adaptive: {rescheduleCriticalSeconds: 20, unschedulableDuration: 600}}' : '';
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: prop}
spec:
  replicas: ${s.replicas}
  selector: {matchLabels: {app: prop}}
  template:
    ${s.kind}:
      metadata: {labels: {app: prop}}
      spec:
        selector: {matchLabels: {app: prop}}
        template:
          metadata: {labels: {app: prop}}
          spec: {containers: [{name: app, image: nginx:1.25}]}
  topology:${strategy}
    subsets:${subsets}
`;
}

describe('UnitedDeployment convergence', () => {
  it('runs exactly the allocated pods of every subset in its zone, whatever the spec and zone outage', async () => {
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      const { yaml, valid } = subsetYaml(s);
      fc.pre(valid);
      const env = await startUnitedEnv();
      try {
        if (s.outage) await env.cordon(`sim-${s.outage}-`, true);
        await env.apply(manifest(s, yaml));
        const ref = s.kind === 'cloneSetTemplate' ? CLONESET_REF : DEPLOYMENT_REF;
        const zoneOf = new Map((await env.cluster.store.list<Node>(NODE_REF)).items.map((n) => [n.metadata.name!, n.metadata.labels!['node']!]));
        const state = async () => {
          const ud = await env.get<UnitedDeployment>(UD_REF, 'prop');
          const workloads = await env.list<any>(ref);
          const pods = (await env.pods()).filter(isActive);
          const plan = env.united.planNow('default', 'prop');
          return { ud, workloads, pods, plan };
        };
        const settled = async () => {
          const { ud, workloads, pods, plan } = await state();
          if (!plan || plan.operations.length > 0 || workloads.length !== 3 || ud.status?.observedGeneration !== ud.metadata.generation) return false;
          return plan.subsets.every((sub) => {
            const w = workloads.find((x) => x.metadata.labels['apps.kruise.io/subset-name'] === sub.name);
            const own = pods.filter((p: Pod) => p.metadata.labels?.['apps.kruise.io/subset-name'] === sub.name);
            const outage = sub.name === `subset-${s.outage}`;
            const running = own.filter((p: Pod) => p.spec.nodeName && p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
            return w && w.spec.replicas === sub.replicas && own.length === sub.replicas && (outage || running === sub.replicas);
          });
        };
        // Adaptive needs rescheduleCriticalSeconds (20 s) to notice an outage.
        await env.runUntil(settled, 120_000, 500);
        if (s.mode === 'adaptive' && s.outage) await env.run(25_000, 500);
        await env.runUntil(settled, 120_000, 500);

        const { ud, pods, plan } = await state();
        const total = plan!.subsets.reduce((a, sub) => a + sub.replicas, 0);
        if (s.mode === 'specific') expect(total).toBe(s.replicas);
        else if (s.mode === 'minMax') {
          const maxes = plan!.subsets.map((sub) => sub.maxReplicas ?? Infinity);
          expect(total).toBe(Math.min(s.replicas, maxes.reduce((a, b) => a + b, 0)));
        }
        for (const pod of pods) {
          const subset = pod.metadata.labels?.['apps.kruise.io/subset-name'];
          if (pod.spec.nodeName) expect(`subset-${zoneOf.get(pod.spec.nodeName)!.replace('zone-', '')}`).toBe(subset);
          else expect(subset).toBe(`subset-${s.outage}`);
        }
        if (s.outage) {
          const out = plan!.subsets.find((sub) => sub.name === `subset-${s.outage}`)!;
          if (s.mode === 'adaptive') {
            // Held at its ready pods (none): only its own minReplicas can keep replicas there.
            const i = ZONES.indexOf(s.outage);
            const min = i < 2 ? s.bounds[i]!.min ?? 0 : 0;
            expect(out.replicas).toBeLessThanOrEqual(min);
            if (min === 0) expect(out.replicas).toBe(0);
          }
          expect(ud.status?.readyReplicas).toBe(total - out.replicas);
        } else {
          expect(ud.status?.readyReplicas).toBe(total);
        }
        expect(env.errors).toEqual([]);
      } finally {
        await env.stop();
      }
    }), { numRuns: RUNS, path: process.env['FC_PATH'], endOnFailure: process.env['FC_SHRINK'] !== '1' });
  }, 600_000);
});
