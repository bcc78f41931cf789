import { describe, it, expect } from '@jest/globals';
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod, Taint, Toleration } from '@coxswain/kruise-api';
import {
  filterNode,
  matchesNodeSelector,
  matchesRequiredNodeAffinity,
  nodeSelectorRequirementMatches,
  podCapacity,
  toleratesTaint,
  unschedulableMessage,
} from '../../src/embedded/sim/scheduling-rules.js';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';
import { makePod } from './sim-fixtures.js';

const [node] = simulatedNodes({ zones: 1, nodesPerZone: 1 }) as [Node];
const labelled: Node = { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, disk: 'ssd', gen: '5' } } };

function withTaints(taints: Taint[]): Node {
  return { ...node, spec: { ...node.spec, taints } };
}

function podWith(spec: Partial<Pod['spec']>): Pod {
  return makePod('p', { spec });
}

describe('nodeSelector', () => {
  it.each([
    [{}, true],
    [{ disk: 'ssd' }, true],
    [{ disk: 'ssd', gen: '5' }, true],
    [{ disk: 'hdd' }, false],
    [{ disk: 'ssd', missing: 'x' }, false],
    [{ 'topology.kubernetes.io/zone': 'zone-a' }, true],
  ])('%j matches: %s', (nodeSelector, expected) => {
    expect(matchesNodeSelector(podWith({ nodeSelector }), labelled)).toBe(expected);
  });
});

describe('node selector requirement operators', () => {
  const labels = { disk: 'ssd', gen: '5', odd: 'x7' };
  it.each<[NodeSelectorRequirement, boolean]>([
    [{ key: 'disk', operator: 'In', values: ['ssd', 'nvme'] }, true],
    [{ key: 'disk', operator: 'In', values: ['hdd'] }, false],
    [{ key: 'absent', operator: 'In', values: ['ssd'] }, false],
    [{ key: 'disk', operator: 'NotIn', values: ['hdd'] }, true],
    [{ key: 'disk', operator: 'NotIn', values: ['ssd'] }, false],
    [{ key: 'absent', operator: 'NotIn', values: ['ssd'] }, true],
    [{ key: 'disk', operator: 'Exists' }, true],
    [{ key: 'absent', operator: 'Exists' }, false],
    [{ key: 'absent', operator: 'DoesNotExist' }, true],
    [{ key: 'disk', operator: 'DoesNotExist' }, false],
    [{ key: 'gen', operator: 'Gt', values: ['4'] }, true],
    [{ key: 'gen', operator: 'Gt', values: ['5'] }, false],
    [{ key: 'gen', operator: 'Lt', values: ['6'] }, true],
    [{ key: 'gen', operator: 'Lt', values: ['5'] }, false],
    [{ key: 'odd', operator: 'Gt', values: ['1'] }, false],
    [{ key: 'gen', operator: 'Gt', values: ['four'] }, false],
    [{ key: 'absent', operator: 'Lt', values: ['9'] }, false],
  ])('%j → %s', (requirement, expected) => {
    expect(nodeSelectorRequirementMatches(requirement, labels)).toBe(expected);
  });
});

describe('required node affinity', () => {
  const affinity = (...terms: NodeSelectorTerm[]) =>
    podWith({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });

  it('matches every node without affinity', () => {
    expect(matchesRequiredNodeAffinity(podWith({}), labelled)).toBe(true);
  });

  it('ORs terms', () => {
    const pod = affinity({ matchExpressions: [{ key: 'disk', operator: 'In', values: ['hdd'] }] }, { matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] });
    expect(matchesRequiredNodeAffinity(pod, labelled)).toBe(true);
  });

  it('ANDs the expressions of one term', () => {
    const both = affinity({ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }, { key: 'gen', operator: 'Lt', values: ['5'] }] });
    expect(matchesRequiredNodeAffinity(both, labelled)).toBe(false);
  });

  it('matches fields on metadata.name with In and NotIn', () => {
    expect(matchesRequiredNodeAffinity(affinity({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['sim-a-1'] }] }), labelled)).toBe(true);
    expect(matchesRequiredNodeAffinity(affinity({ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['sim-a-1'] }] }), labelled)).toBe(false);
    expect(matchesRequiredNodeAffinity(affinity({ matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['sim-a-1'] }] }), labelled)).toBe(false);
  });

  it('ANDs expressions with fields in one term', () => {
    const pod = affinity({
      matchExpressions: [{ key: 'disk', operator: 'Exists' }],
      matchFields: [{ key: 'metadata.name', operator: 'In', values: ['other'] }],
    });
    expect(matchesRequiredNodeAffinity(pod, labelled)).toBe(false);
  });

  it('treats an empty term and an empty term list as matching nothing', () => {
    expect(matchesRequiredNodeAffinity(affinity({}), labelled)).toBe(false);
    expect(matchesRequiredNodeAffinity(affinity(), labelled)).toBe(false);
  });
});

describe('taints and tolerations', () => {
  const gpu: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  it.each<[string, Toleration, Taint, boolean]>([
    ['Equal with same key, value and effect', { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, gpu, true],
    ['operator defaults to Equal', { key: 'dedicated', value: 'gpu' }, gpu, true],
    ['Equal with another value', { key: 'dedicated', operator: 'Equal', value: 'cpu' }, gpu, false],
    ['Equal with another key', { key: 'team', operator: 'Equal', value: 'gpu' }, gpu, false],
    ['Exists on the key, any value', { key: 'dedicated', operator: 'Exists' }, gpu, true],
    ['Exists with empty key tolerates everything', { operator: 'Exists' }, gpu, true],
    ['Exists with empty key but another effect', { operator: 'Exists', effect: 'NoExecute' }, gpu, false],
    ['empty effect matches any effect', { key: 'dedicated', operator: 'Exists' }, { ...gpu, effect: 'NoExecute' }, true],
    ['effect must match when given', { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, gpu, false],
    ['valueless taint and toleration', { key: 'spot', operator: 'Equal' }, { key: 'spot', effect: 'NoSchedule' }, true],
  ])('%s', (_, toleration, taint, expected) => {
    expect(toleratesTaint(toleration, taint)).toBe(expected);
  });

  it('filters a node with an untolerated NoSchedule or NoExecute taint, but not PreferNoSchedule', () => {
    expect(filterNode(podWith({}), withTaints([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]), 0)).toBe(
      'node(s) had untolerated taint {dedicated: gpu}',
    );
    expect(filterNode(podWith({}), withTaints([{ key: 'drain', effect: 'NoExecute' }]), 0)).toBe('node(s) had untolerated taint {drain: }');
    expect(filterNode(podWith({}), withTaints([{ key: 'soft', effect: 'PreferNoSchedule' }]), 0)).toBeUndefined();
  });

  it('passes a node whose every taint is tolerated', () => {
    const taints: Taint[] = [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'drain', effect: 'NoExecute' },
    ];
    const pod = podWith({ tolerations: [{ key: 'dedicated', value: 'gpu' }, { key: 'drain', operator: 'Exists', effect: 'NoExecute' }] });
    expect(filterNode(pod, withTaints(taints), 0)).toBeUndefined();
  });
});

describe('node readiness, cordon and capacity', () => {
  it('keeps pods off a node that is not Ready through its implied taint', () => {
    const down: Node = { ...node, status: { ...node.status, conditions: [{ type: 'Ready', status: 'Unknown' }] } };
    expect(filterNode(podWith({}), down, 0)).toBe('node(s) had untolerated taint {node.kubernetes.io/unreachable: }');
    const notReady: Node = { ...node, status: { ...node.status, conditions: [{ type: 'Ready', status: 'False' }] } };
    expect(filterNode(podWith({}), notReady, 0)).toBe('node(s) had untolerated taint {node.kubernetes.io/not-ready: }');
    const tolerant = podWith({ tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }] });
    expect(filterNode(tolerant, down, 0)).toBeUndefined();
  });

  it('keeps pods off a cordoned node unless they tolerate the unschedulable taint', () => {
    const cordoned: Node = { ...node, spec: { ...node.spec, unschedulable: true } };
    expect(filterNode(podWith({}), cordoned, 0)).toBe('node(s) were unschedulable');
    const tolerant = podWith({ tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] });
    expect(filterNode(tolerant, cordoned, 0)).toBeUndefined();
  });

  it.each([
    [0, 110, undefined],
    [109, 110, undefined],
    [110, 110, 'Too many pods'],
    [2, 2, 'Too many pods'],
  ])('%i pods on a node with room for %i → %s', (podsOnNode, capacity, expected) => {
    const [sized] = simulatedNodes({ zones: 1, nodesPerZone: 1, podCapacity: capacity }) as [Node];
    expect(podCapacity(sized)).toBe(capacity);
    expect(filterNode(podWith({}), sized, podsOnNode)).toBe(expected);
  });

  it('reports the first failing filter in kube-scheduler order', () => {
    const everything: Node = { ...withTaints([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]) };
    expect(filterNode(podWith({ nodeSelector: { disk: 'nvme' } }), everything, 1000)).toBe('node(s) had untolerated taint {dedicated: gpu}');
    expect(filterNode(podWith({ nodeSelector: { disk: 'nvme' } }), node, 1000)).toBe("node(s) didn't match Pod's node affinity/selector");
  });
});

describe('unschedulable message', () => {
  it('counts reasons and sorts the entries as kube-scheduler does', () => {
    const reasons = [
      ...Array(6).fill("node(s) didn't match Pod's node affinity/selector"),
      ...Array(3).fill('node(s) had untolerated taint {dedicated: gpu}'),
    ];
    expect(unschedulableMessage(9, reasons)).toBe(
      "0/9 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}, 6 node(s) didn't match Pod's node affinity/selector.",
    );
  });

  it('says so when there are no nodes', () => {
    expect(unschedulableMessage(0, [])).toBe('0/0 nodes are available: no nodes available to schedule pods.');
  });
});
