// Invariants of kruise-daemon's ContainerRecreateRequest rules (docs/spec/image-pull.md §7.2) over random
// requests and runtimes: the states follow the request's containers in order, a finished state never
// changes, a sync kills at most one container (one not yet finished, that the runtime runs), and with
// orderedRecreate only once every container before it has Succeeded or Failed. Seeds: FC_SEED.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ContainerRecreateRequest, ContainerRecreateRequestContainerRecreateState as State } from '@coxswain/kruise-api';
import { currentRecreateStates, manageStep, type RuntimeContainer } from '../../src/embedded/sim/crr-daemon-rules.js';

const NAMES = ['a', 'b', 'c', 'd'];
const PHASES = ['Pending', 'Recreating', 'Succeeded', 'Failed'] as const;

const scenario = fc.record({
  containers: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }),
  ordered: fc.boolean(),
  force: fc.boolean(),
  ignore: fc.boolean(),
  minStarted: fc.integer({ min: 0, max: 20 }),
  previous: fc.dictionary(fc.constantFrom(...NAMES), fc.record({ phase: fc.constantFrom(...PHASES), isKilled: fc.boolean() })),
  runtime: fc.dictionary(fc.constantFrom(...NAMES), fc.record({
    state: fc.constantFrom('running', 'exited', 'created'),
    recreated: fc.boolean(),
    startedAgoMs: fc.integer({ min: 0, max: 30_000 }),
    synced: fc.boolean(),
    ready: fc.boolean(),
  })),
  writeFirst: fc.boolean(),
});

describe('kruise-daemon rules (property)', () => {
  it('keep order and finished states, and kill at most one eligible container per sync', () => {
    fc.assert(fc.property(scenario, (s) => {
      const now = 1_000_000;
      const runtime = new Map<string, RuntimeContainer>(Object.entries(s.runtime).map(([name, r]) => [name, {
        name, state: r.state as RuntimeContainer['state'], containerID: r.recreated ? `new-${name}` : `old-${name}`,
        restartCount: r.recreated ? 1 : 0, ...(r.state === 'running' ? { startedAtMs: now - r.startedAgoMs } : {}),
      }]));
      const sync = Object.entries(s.runtime).filter(([, r]) => r.synced).map(([name, r]) => ({ name, ready: r.ready, restartCount: 1, containerID: r.recreated ? `new-${name}` : `old-${name}` }));
      const previous: State[] = s.containers.filter((n) => s.previous[n]).map((n) => ({ name: n, ...s.previous[n] }));
      const crr: ContainerRecreateRequest = {
        apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest',
        metadata: { name: 'r', namespace: 'default', annotations: { 'crr.apps.kruise.io/sync-container-statuses': JSON.stringify(sync) } },
        spec: {
          podName: 'p',
          containers: s.containers.map((name) => ({ name, statusContext: { containerID: `old-${name}`, restartCount: 0 } })),
          strategy: { orderedRecreate: s.ordered, forceRecreate: s.force, failurePolicy: s.ignore ? 'Ignore' : 'Fail', minStartedSeconds: s.minStarted },
        },
        status: { phase: 'Recreating', containerRecreateStates: previous },
      };
      const states = currentRecreateStates(crr, runtime, now);
      expect(states.map((x) => x.name)).toEqual(s.containers);
      for (const p of previous) {
        if (p.phase === 'Succeeded' || p.phase === 'Failed') expect(states.find((x) => x.name === p.name)).toEqual(p);
      }
      // Either the states are written first, or (as when they were) the sync acts on them.
      const settled = s.writeFirst ? crr : { ...crr, status: { phase: 'Recreating' as const, containerRecreateStates: states } };
      const step = manageStep(settled, states, runtime);
      if (step.kind !== 'kill') return;
      const i = s.containers.indexOf(step.container);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(states[i].phase).toBe('Pending');
      expect(runtime.get(step.container)?.containerID).toBe(step.containerID);
      expect(step.states.filter((x, j) => x.phase === 'Recreating' && states[j].phase !== 'Recreating')).toEqual([step.states[i]]);
      if (s.ordered) expect(states.slice(0, i).every((x) => x.phase === 'Succeeded' || (x.phase === 'Failed' && s.ignore))).toBe(true);
    }));
  });
});
