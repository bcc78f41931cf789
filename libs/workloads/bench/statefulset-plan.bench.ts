// Plan computation time for an Advanced StatefulSet mid-rollout: one planStatefulSet pass over 1,000 and
// 10,000 pods (half at the update revision, a few not ready), Parallel with maxUnavailable 20% and
// OrderedReady, ReCreate. The design target for CloneSet is 10,000 pods under 10 ms.
import { DEFAULT_FEATURE_GATES, setDefaultsStatefulSet, type ControllerRevision, type Pod, type StatefulSet } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET } from '@coxswain/workloads';
import { planStatefulSet, statefulSetRevisions, statefulSetView, type StatefulSetPlanContext } from '@coxswain/workloads/testing';

const NOW = Date.parse('2026-05-01T12:00:00Z');

function set(n: number, policy: 'Parallel' | 'OrderedReady', image: string): StatefulSet {
  return setDefaultsStatefulSet({
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'bench', uid: 'sts' },
    spec: {
      replicas: n, serviceName: 'web', podManagementPolicy: policy, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: policy === 'Parallel' ? '20%' : 1 } },
    },
  });
}

function pods(n: number, oldRev: ControllerRevision, newRev: ControllerRevision): Pod[] {
  // The top half of the ordinals is at the update revision, as an ordered rollout leaves them.
  return Array.from({ length: n }, (_, i) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `web-${i}`, namespace: 'bench', uid: `uid-${i}`,
      labels: {
        app: 'web', 'controller-revision-hash': (i >= n / 2 ? newRev : oldRev).metadata.name!, 'statefulset.kubernetes.io/pod-name': `web-${i}`,
        'apps.kubernetes.io/pod-index': String(i), 'lifecycle.apps.kruise.io/state': 'Normal',
      },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: 'web', uid: 'sts', controller: true }],
    },
    spec: { nodeName: `sim-${i % 9}`, containers: [{ name: 'web', image: 'nginx' }], readinessGates: [{ conditionType: 'KruisePodReady' }] },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: i % 97 === 0 ? 'False' : 'True', lastTransitionTime: '2026-05-01T11:00:00Z' },
        { type: 'KruisePodReady', status: 'True' },
      ],
    },
  }) as Pod);
}

function context(n: number, policy: 'Parallel' | 'OrderedReady'): StatefulSetPlanContext {
  const kind = statefulSetRevisions(KRUISE_STATEFULSET);
  const oldRev = kind.newRevision(set(n, policy, 'nginx:1'), 1, 0);
  const updated = set(n, policy, 'nginx:2');
  const newRev = kind.newRevision(updated, 2, 0);
  return {
    view: statefulSetView(updated, KRUISE_STATEFULSET), pods: pods(n, oldRev, newRev), pvcs: new Map(), revisions: [oldRev, newRev],
    currentRevision: oldRev, updateRevision: newRev, collisionCount: 0, pendingInPlaceUpdates: [], now: NOW, gates: DEFAULT_FEATURE_GATES,
  };
}

console.log('| policy | pods | plan p50 (ms) | plan max (ms) | actions |');
console.log('|---|---|---|---|---|');
for (const policy of ['Parallel', 'OrderedReady'] as const) {
  for (const n of [1_000, 10_000]) {
    const ctx = context(n, policy);
    const runs = 20;
    for (let i = 0; i < 3; i++) planStatefulSet(ctx); // warm up
    const times: number[] = [];
    let actions = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      actions = planStatefulSet(ctx).actions.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${policy} | ${n.toLocaleString('en-US')} | ${times[Math.floor(runs / 2)]!.toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${actions} |`);
  }
}
