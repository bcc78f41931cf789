// Invariants of the plan's explanations (issue 14 item 5) over random pod sets: an incomplete plan names
// every unavailable pod in some blocker, never names an available pod as held back, and every message
// is words (no "undefined", no empty text), whatever state the pods are in.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_FEATURE_GATES, type CloneSet, type ControllerRevision, type Pod, type PodCondition } from '@coxswain/kruise-api';
import { planCloneSet } from '../../src/cloneset/plan/planner.js';
import type { PlanContext } from '../../src/cloneset/plan/planner-types.js';
import { isPodAvailable } from '../../src/pod/pod-state.js';
import { inPlaceGates } from '../../src/inplace/calculate-spec.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const OLD = 'web-old1';
const NEW = 'web-new2';
const HOLDBACK_CODES = new Set(['UNSCHEDULABLE', 'IMAGE_PULL_FAILED', 'IN_PLACE_UPDATING', 'POD_NOT_READY', 'MIN_READY_SECONDS']);

const podArb = fc.record({
  atNew: fc.boolean(),
  scheduled: fc.constantFrom('yes', 'unschedulable', 'pending'),
  phase: fc.constantFrom('Running', 'Pending', undefined),
  ready: fc.constantFrom('True', 'False', undefined),
  readySince: fc.constantFrom('2026-05-01T11:00:00Z', '2026-05-01T11:59:55Z', ''),
  waiting: fc.constantFrom(undefined, 'ContainerCreating', 'ImagePullBackOff', 'CrashLoopBackOff', 'CreateContainerConfigError'),
  state: fc.constantFrom(undefined, 'Normal', 'PreparingNormal', 'PreparingUpdate', 'Updating', 'Updated', 'PreparingDelete'),
  inPlace: fc.constantFrom(undefined, 'False', 'True'),
  stateAnnotation: fc.constantFrom(undefined, 'waiting', 'nextBatch', 'garbage'),
  hooked: fc.boolean(),
});
type PodArb = typeof podArb extends fc.Arbitrary<infer T> ? T : never;

const READY_SINCE_UNKNOWN: PodArb = {
  atNew: true, scheduled: 'yes', phase: 'Running', ready: 'True', readySince: '', waiting: undefined, state: undefined, inPlace: undefined, stateAnnotation: undefined, hooked: false,
};

function build(s: PodArb, i: number): Pod {
  const name = `web-${i}`;
  const conditions: PodCondition[] = [];
  if (s.scheduled === 'unschedulable') conditions.push({ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available: 3 Insufficient cpu.' });
  if (s.ready) conditions.push({ type: 'Ready', status: s.ready, ...(s.readySince ? { lastTransitionTime: s.readySince } : {}) });
  if (s.inPlace) conditions.push({ type: 'InPlaceUpdateReady', status: s.inPlace });
  const annotations: Record<string, string> = {};
  if (s.stateAnnotation === 'garbage') annotations['apps.kruise.io/inplace-update-state'] = '{not json';
  else if (s.stateAnnotation) {
    annotations['apps.kruise.io/inplace-update-state'] = JSON.stringify({
      revision: NEW, updateTimestamp: '2026-05-01T11:59:00Z', lastContainerStatuses: { main: { imageID: 'id-old' } },
      containerBatchesRecord: [{ timestamp: '2026-05-01T11:59:00Z', containers: ['main'] }],
      ...(s.stateAnnotation === 'nextBatch' ? { nextContainerImages: { side: 'side:v2' }, preCheckBeforeNext: { containersRequiredReady: ['main'] } } : {}),
    });
  }
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: 'demo', uid: `uid-${i}`, creationTimestamp: '2026-05-01T10:00:00Z', annotations,
      labels: {
        app: 'web', 'controller-revision-hash': s.atNew ? NEW : OLD, 'pod-template-hash': s.atNew ? 'new2' : 'old1', 'apps.kruise.io/cloneset-instance-id': String(i),
        ...(s.state ? { 'lifecycle.apps.kruise.io/state': s.state } : {}), ...(s.hooked ? { 'example.io/hook': 'on' } : {}),
      },
    },
    spec: {
      ...(s.scheduled === 'yes' ? { nodeName: 'n1' } : {}),
      containers: [{ name: 'main', image: 'app:v2' }, { name: 'side', image: 'side:v1' }],
      readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
    },
    status: {
      ...(s.phase ? { phase: s.phase } : {}),
      conditions,
      containerStatuses: [
        { name: 'main', image: 'app:v1', imageID: 'id-old', ready: s.ready === 'True', restartCount: 0, ...(s.waiting ? { state: { waiting: { reason: s.waiting, message: 'm' } } } : {}) },
        { name: 'side', image: 'side:v1', imageID: 'id-side', ready: true, restartCount: 0 },
      ],
    },
  } as Pod;
}

const csArb = fc.record({
  replicas: fc.integer({ min: 0, max: 8 }),
  partition: fc.integer({ min: 0, max: 8 }),
  maxUnavailable: fc.integer({ min: 1, max: 3 }),
  policy: fc.constantFrom('ReCreate', 'InPlaceIfPossible'),
  minReadySeconds: fc.constantFrom(0, 30),
  lifecycle: fc.boolean(),
  paused: fc.boolean(),
});

function context(c: typeof csArb extends fc.Arbitrary<infer T> ? T : never, pods: Pod[]): PlanContext {
  const hook = { labelsHandler: { 'example.io/hook': 'on' } };
  const cs = {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'demo', uid: 'cs', generation: 2 },
    spec: {
      replicas: c.replicas, minReadySeconds: c.minReadySeconds, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'app:v2' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: c.policy, partition: c.partition, maxUnavailable: c.maxUnavailable, maxSurge: 0, paused: c.paused } },
      ...(c.lifecycle ? { lifecycle: { preDelete: hook, inPlaceUpdate: hook, preNormal: hook } } : {}),
    },
  } as CloneSet;
  const stub = (name: string): ControllerRevision => ({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, revision: 1 });
  return {
    cs, currentCS: cs, updateCS: cs, pods, pvcs: [], nodes: [], currentRevision: OLD, updateRevision: NEW, currentRevisionObject: stub(OLD), updateRevisionObject: stub(NEW), revisions: [], now: NOW,
    gates: { CloneSetShortHash: false, CloneSetPartitionRollback: false, PreparingUpdateAsUpdate: false, inPlace: inPlaceGates(DEFAULT_FEATURE_GATES) },
    excludePreparingDeleteFlag: false,
  };
}

describe('plan explanations: properties', () => {
  it('an incomplete plan names every unavailable pod, never an available one as held back, in words', () => {
    fc.assert(
      fc.property(csArb, fc.array(podArb, { maxLength: 10 }), (c, specs) => {
        const pods = specs.map(build);
        const ctx = context(c, pods);
        let seed = 7;
        const plan = planCloneSet(ctx, () => ((seed = (seed * 16807) % 2147483647) / 2147483647));
        for (const b of plan.blockers) {
          expect(b.message).not.toMatch(/undefined|NaN|\[object/);
          expect(b.message.trim()).not.toBe('');
        }
        const named = new Set(plan.blockers.flatMap((b) => b.pods));
        const available = (p: Pod) => isPodAvailable(p, c.minReadySeconds, NOW);
        if (!plan.complete) {
          for (const p of pods) if (!available(p)) expect(named).toContain(p.metadata.name);
        }
        for (const b of plan.blockers) {
          if (!HOLDBACK_CODES.has(b.code)) continue;
          for (const name of b.pods) expect(available(pods.find((p) => p.metadata.name === name)!)).toBe(false);
        }
      }),
      {
        numRuns: 400,
        // FC_SEED=7696235 found it: two pods Ready since an unknown time under minReadySeconds had the same
        // words, and the plan kept one blocker for both.
        examples: [[
          { replicas: 0, partition: 0, maxUnavailable: 1, policy: 'ReCreate', minReadySeconds: 30, lifecycle: false, paused: false },
          [true, false].map((atNew) => ({ ...READY_SINCE_UNKNOWN, atNew })),
        ]],
      },
    );
  });
});
