// Rendering a subset workload (docs/spec/uniteddeployment.md §3.2) and the strategic merge of a subset patch.
import { describe, expect, it } from '@jest/globals';
import type { Subset, UnitedDeployment } from '@coxswain/kruise-api';
import { DEPLOYMENT_SUBSET } from '../../src/uniteddeployment/plan/adapters/deployment.js';
import { ADVANCED_STATEFULSET_SUBSET, CLONESET_SUBSET, STATEFULSET_SUBSET } from '../../src/uniteddeployment/plan/adapters/partitioned.js';
import type { SubsetWorkload } from '../../src/uniteddeployment/plan/adapters/types.js';
import { renderSubsetWorkload, subsetGenerateName } from '../../src/uniteddeployment/plan/render.js';
import { strategicMerge } from '../../src/uniteddeployment/plan/strategic-merge.js';

function ud(template: Record<string, unknown>): UnitedDeployment {
  return {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment',
    metadata: { name: 'web', namespace: 'shop', uid: 'ud-uid' },
    spec: { replicas: 6, selector: { matchLabels: { app: 'web' } }, template: template as never, topology: { subsets: [] } },
  };
}

const podTemplate = {
  metadata: { labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'app', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }] }, { name: 'sidecar', image: 'envoy:1' }],
    tolerations: [{ key: 'base', operator: 'Exists' }],
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'arch', operator: 'In', values: ['amd64'] }] }, { matchExpressions: [] }] } } },
  },
};

const subset: Subset = {
  name: 'subset-a',
  nodeSelectorTerm: { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] },
  tolerations: [{ key: 'zone', operator: 'Equal', value: 'a', effect: 'NoSchedule' }],
  patch: { metadata: { labels: { tier: 'edge' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25-a', env: [{ name: 'B', value: '2' }] }] } },
};

describe('renderSubsetWorkload', () => {
  const template = { cloneSetTemplate: { metadata: { labels: { app: 'web', team: 'x' }, annotations: { owner: 'me' } }, spec: { replicas: 9, selector: { matchLabels: { app: 'web' } }, template: podTemplate } } };

  it('names, labels, annotates and owns a new workload, with the UD selector plus the subset label', () => {
    const w = renderSubsetWorkload({ ud: ud(template), adapter: CLONESET_SUBSET, subset, revision: 'web-abc', replicas: 3, partition: 1 });
    expect(w).toMatchObject({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' });
    expect(w.metadata).toMatchObject({
      generateName: 'web-subset-a-', namespace: 'shop',
      labels: { app: 'web', team: 'x', 'apps.kruise.io/controller-revision-hash': 'web-abc', 'apps.kruise.io/subset-name': 'subset-a' },
      annotations: { owner: 'me', 'apps.kruise.io/subset-patch': JSON.stringify(subset.patch) },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment', name: 'web', uid: 'ud-uid', controller: true, blockOwnerDeletion: true }],
    });
    expect(w.spec['selector']).toEqual({ matchLabels: { app: 'web', 'apps.kruise.io/subset-name': 'subset-a' } });
    expect(w.spec.replicas).toBe(3);
    expect(w.spec['updateStrategy']).toEqual({ rollingUpdate: { partition: 1 } });
  });

  it('appends the node selector term to every required term, the tolerations, then merges the patch into the pod template', () => {
    const w = renderSubsetWorkload({ ud: ud(template), adapter: CLONESET_SUBSET, subset, revision: 'web-abc', replicas: 3, partition: 0 });
    const pod = w.spec['template'] as any;
    expect(pod.metadata.labels).toEqual({ app: 'web', 'apps.kruise.io/subset-name': 'subset-a', 'apps.kruise.io/controller-revision-hash': 'web-abc', tier: 'edge' });
    expect(pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([
      { matchExpressions: [{ key: 'arch', operator: 'In', values: ['amd64'] }, { key: 'node', operator: 'In', values: ['zone-a'] }] },
      { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] },
    ]);
    expect(pod.spec.tolerations).toEqual([{ key: 'base', operator: 'Exists' }, { key: 'zone', operator: 'Equal', value: 'a', effect: 'NoSchedule' }]);
    expect(pod.spec.containers).toEqual([
      { name: 'app', image: 'nginx:1.25-a', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] },
      { name: 'sidecar', image: 'envoy:1' },
    ]);
  });

  it('adds a required term when there is none', () => {
    const bare = { cloneSetTemplate: { spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [] } } } } };
    const w = renderSubsetWorkload({ ud: ud(bare), adapter: CLONESET_SUBSET, subset: { name: 'b', nodeSelectorTerm: subset.nodeSelectorTerm }, revision: 'r', replicas: 1, partition: 0 });
    expect((w.spec['template'] as any).spec.affinity).toEqual({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] }] } } });
    expect(w.metadata.annotations?.['apps.kruise.io/subset-patch']).toBe('');
  });

  it('replaces the whole spec of an existing workload but keeps its metadata', () => {
    const current: SubsetWorkload = {
      apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet',
      metadata: { name: 'web-subset-a-x7k2p', namespace: 'shop', uid: 'w', resourceVersion: '7', labels: { extra: 'kept' }, ownerReferences: [] },
      spec: { replicas: 1, minReadySeconds: 30 },
    };
    const w = renderSubsetWorkload({ ud: ud(template), adapter: CLONESET_SUBSET, subset, revision: 'web-def', replicas: 2, partition: 0, current, maxUnavailable: 1 });
    expect(w.metadata).toMatchObject({ name: 'web-subset-a-x7k2p', resourceVersion: '7', labels: { extra: 'kept', 'apps.kruise.io/controller-revision-hash': 'web-def' } });
    expect(w.metadata.generateName).toBeUndefined();
    expect(w.spec).not.toHaveProperty('minReadySeconds');
    expect(w.spec['updateStrategy']).toEqual({ rollingUpdate: { partition: 0, maxUnavailable: 1 } });
  });

  it.each([
    ['advanced StatefulSet, RollingUpdate', ADVANCED_STATEFULSET_SUBSET, 'advancedStatefulSetTemplate', {}, { rollingUpdate: { partition: 2 } }],
    ['advanced StatefulSet, OnDelete: no partition', ADVANCED_STATEFULSET_SUBSET, 'advancedStatefulSetTemplate', { updateStrategy: { type: 'OnDelete' } }, { type: 'OnDelete' }],
    ['apps/v1 StatefulSet: type RollingUpdate set', STATEFULSET_SUBSET, 'statefulSetTemplate', {}, { type: 'RollingUpdate', rollingUpdate: { partition: 2 } }],
  ] as const)('writes the partition of %s in its own semantics', (_name, adapter, kind, extra, expected) => {
    const t = { [kind]: { spec: { selector: { matchLabels: { app: 'web' } }, template: podTemplate, ...extra } } };
    const w = renderSubsetWorkload({ ud: ud(t), adapter, subset: { name: 'b' }, revision: 'r', replicas: 4, partition: 2 });
    expect(w.spec['updateStrategy']).toEqual(expected);
  });

  it('writes no partition into a Deployment, and maxUnavailable under strategy.rollingUpdate', () => {
    const t = { deploymentTemplate: { spec: { selector: { matchLabels: { app: 'web' } }, template: podTemplate, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } } };
    const w = renderSubsetWorkload({ ud: ud(t), adapter: DEPLOYMENT_SUBSET, subset: { name: 'b' }, revision: 'r', replicas: 4, partition: 2, maxUnavailable: 3 });
    expect(w.spec['strategy']).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 3 } });
    expect(DEPLOYMENT_SUBSET.currentPartition(w, [])).toBe(0);
  });

  it('never modifies the UnitedDeployment (frozen, as the cache holds it)', () => {
    const frozen = deepFreeze(ud(template));
    expect(() => renderSubsetWorkload({ ud: frozen, adapter: CLONESET_SUBSET, subset: deepFreeze(structuredClone(subset)), revision: 'r', replicas: 1, partition: 0 })).not.toThrow();
  });
});

describe('subsetGenerateName', () => {
  it('is <ud>-<subset>- when valid, else <ud>-', () => {
    expect(subsetGenerateName('web', 'subset-a')).toBe('web-subset-a-');
    expect(subsetGenerateName('web', 'x'.repeat(260))).toBe('web-');
  });
});

describe('strategicMerge', () => {
  it.each<[string, unknown, unknown, unknown]>([
    ['maps merge, null deletes', { a: 1, b: { c: 2, d: 3 } }, { b: { d: null, e: 4 } }, { a: 1, b: { c: 2, e: 4 } }],
    ['containers merge by name', { containers: [{ name: 'a', image: 'x' }] }, { containers: [{ name: 'b', image: 'y' }, { name: 'a', image: 'z' }] }, { containers: [{ name: 'a', image: 'z' }, { name: 'b', image: 'y' }] }],
    ['an item $patch delete removes it', { volumes: [{ name: 'a' }, { name: 'b' }] }, { volumes: [{ name: 'a', $patch: 'delete' }] }, { volumes: [{ name: 'b' }] }],
    ['a $patch replace item replaces the list', { containers: [{ name: 'a' }] }, { containers: [{ name: 'b' }, { $patch: 'replace' }] }, { containers: [{ name: 'b' }] }],
    ['a map $patch replace replaces the map', { affinity: { a: 1 } }, { affinity: { $patch: 'replace', b: 2 } }, { affinity: { b: 2 } }],
    ['lists without a merge key are replaced', { tolerations: [{ key: 'a' }] }, { tolerations: [{ key: 'b' }] }, { tolerations: [{ key: 'b' }] }],
    ['ports merge by containerPort', { ports: [{ containerPort: 80, name: 'http' }] }, { ports: [{ containerPort: 80, protocol: 'TCP' }] }, { ports: [{ containerPort: 80, name: 'http', protocol: 'TCP' }] }],
    ['finalizers merge as a set', { finalizers: ['a'] }, { finalizers: ['b', 'a'] }, { finalizers: ['a', 'b'] }],
    ['$deleteFromPrimitiveList', { finalizers: ['a', 'b'] }, { '$deleteFromPrimitiveList/finalizers': ['a'] }, { finalizers: ['b'] }],
    ['$setElementOrder orders merged items', { containers: [{ name: 'a' }, { name: 'b' }] }, { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }], containers: [{ name: 'a', image: 'x' }] }, { containers: [{ name: 'b' }, { name: 'a', image: 'x' }] }],
  ])('%s', (_name, original, patch, expected) => {
    expect(strategicMerge(original as never, patch as never)).toEqual(expected);
  });

  it('refuses a merging list item without its key', () => {
    expect(() => strategicMerge({ containers: [] }, { containers: [{ image: 'x' }] })).toThrow(/no "name"/);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
