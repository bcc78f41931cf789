// The UnitedDeployment entry of the workload-kind registry: kubectl columns, status summary, subsets
// from spec and status, pods of its subsets, per-subset partition, no pause, chosen pods labelled
// specified-delete, rollback to a revision's template.
import { describe, expect, it } from '@jest/globals';
import type { Pod, UnitedDeployment } from '@coxswain/kruise-api';
import { mutationError } from './mutation-error.js';
import { workloadKind, workloadKindOf } from '../../src/kinds/registry.js';
import { UNITED_DEPLOYMENT_KIND } from '../../src/kinds/uniteddeployment-kind.js';
import { newUnitedDeploymentRevision } from '../../src/uniteddeployment/revision/revisions.js';

const NOW = Date.parse('2026-01-03T02:00:00Z');

function ud(template = 'cloneSetTemplate'): UnitedDeployment {
  return {
    apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment',
    metadata: { name: 'web', namespace: 'default', uid: 'ud', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: {
      replicas: 6, selector: { matchLabels: { app: 'web' } },
      template: { [template]: { spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } } } } } as never,
      topology: {
        scheduleStrategy: { type: 'Adaptive', adaptive: { unschedulableDuration: 60 } },
        subsets: [{ name: 'a', minReplicas: 1, nodeSelectorTerm: { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] } }, { name: 'b', maxReplicas: '50%' }],
      },
      updateStrategy: { type: 'Manual', manualUpdate: { partitions: { a: 1 } } },
    },
    status: {
      observedGeneration: 2, replicas: 5, readyReplicas: 4, updatedReplicas: 3, updatedReadyReplicas: 2, currentRevision: 'web-1', updatedRevision: 'web-2',
      subsetStatuses: [
        { name: 'a', replicas: 2, readyReplicas: 1, partition: 1, reservedPods: 0, conditions: [{ type: 'Schedulable', status: 'False', reason: 'reschedule', message: 'timeout pending pods found', lastTransitionTime: '2026-01-03T01:59:00Z' }] },
        { name: 'b', replicas: 4, readyReplicas: 3, partition: 0 },
        { name: 'old', replicas: 1, readyReplicas: 1, partition: 0 },
      ],
    },
  };
}

const pod = (labels: Record<string, string>): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels }, spec: { containers: [] } });


describe('UNITED_DEPLOYMENT_KIND', () => {
  it('is in the registry for both versions', () => {
    expect(workloadKind('UNITED_DEPLOYMENT')).toBe(UNITED_DEPLOYMENT_KIND);
    expect(workloadKindOf({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment' })?.kind).toBe('UNITED_DEPLOYMENT');
  });

  it('prints DESIRED CURRENT UPDATED READY AGE and summarises the status', () => {
    expect(UNITED_DEPLOYMENT_KIND.printRow(ud(), NOW)).toEqual(['6', '5', '3', '4', '2d2h']);
    expect(UNITED_DEPLOYMENT_KIND.status(ud())).toMatchObject({ replicas: 5, readyReplicas: 4, updatedReplicas: 3, updatedReadyReplicas: 2, currentRevision: 'web-1', updateRevision: 'web-2', expectedUpdatedReplicas: 5 });
    // Deployment subsets have no partition.
    expect(UNITED_DEPLOYMENT_KIND.expectedUpdatedReplicas(ud('deploymentTemplate'))).toBe(6);
  });

  it('describes its subsets from spec and status, removed ones included, with the recovery time', () => {
    expect(UNITED_DEPLOYMENT_KIND.subsets!(ud())).toEqual([
      {
        name: 'a', replicas: 2, readyReplicas: 1, partition: 1, specifiedPartition: 1, reservedPods: 0, minReplicas: 1,
        nodeSelectorTerm: { matchExpressions: [{ key: 'node', operator: 'In', values: ['zone-a'] }] },
        schedulable: expect.objectContaining({ status: 'False' }), recoversAt: '2026-01-03T02:00:00Z', removed: false,
      },
      { name: 'b', replicas: 4, readyReplicas: 3, partition: 0, reservedPods: 0, maxReplicas: '50%', removed: false },
      { name: 'old', replicas: 1, readyReplicas: 1, partition: 0, reservedPods: 0, removed: true },
    ]);
  });

  it('holds back the partitions it applies, capped at each subset\'s replicas, and tells the spec\'s apart (issue 28 item 5)', () => {
    // The spec asks 3, 1, 3; the controller allocated 1, 3, 2 and so applies 1, 1, 2: 4 pods held, not 7.
    const u = ud('statefulSetTemplate');
    u.spec.topology!.subsets = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    u.spec.updateStrategy = { type: 'Manual', manualUpdate: { partitions: { a: 3, b: 1, c: 3 } } };
    u.status!.subsetStatuses = [{ name: 'a', replicas: 1, readyReplicas: 1, partition: 1 }, { name: 'b', replicas: 3, readyReplicas: 3, partition: 1 }, { name: 'c', replicas: 2, readyReplicas: 2, partition: 2 }];
    expect(UNITED_DEPLOYMENT_KIND.partitionedReplicas(u)).toBe(4);
    expect(UNITED_DEPLOYMENT_KIND.expectedUpdatedReplicas(u)).toBe(2);
    expect(UNITED_DEPLOYMENT_KIND.subsets!(u).map((s) => [s.name, s.partition, s.specifiedPartition])).toEqual([['a', 1, 3], ['b', 1, 1], ['c', 2, 3]]);
    // Deployments have no partition to hold pods with; a subset without an entry has none in the spec.
    expect(UNITED_DEPLOYMENT_KIND.partitionedReplicas({ ...u, spec: { ...u.spec, template: ud('deploymentTemplate').spec.template } })).toBe(0);
    expect(UNITED_DEPLOYMENT_KIND.subsets!(ud()).find((s) => s.name === 'b')!.specifiedPartition).toBeUndefined();
  });

  it('owns the pods of its subsets and tells which subset and whether updated', () => {
    const mine = pod({ app: 'web', 'apps.kruise.io/subset-name': 'a', 'apps.kruise.io/controller-revision-hash': 'web-2' });
    expect(UNITED_DEPLOYMENT_KIND.ownsPod(ud(), mine)).toBe(true);
    expect(UNITED_DEPLOYMENT_KIND.ownsPod(ud(), pod({ app: 'web' }))).toBe(false);
    expect(UNITED_DEPLOYMENT_KIND.ownsPod(ud(), pod({ app: 'api', 'apps.kruise.io/subset-name': 'a' }))).toBe(false);
    expect(UNITED_DEPLOYMENT_KIND.podSubset!(ud(), mine)).toBe('a');
    expect(UNITED_DEPLOYMENT_KIND.isPodUpdated(ud(), mine)).toBe(true);
  });

  it('steps one subset\'s partition, or every subset\'s, and refuses bad ones by field', () => {
    expect(UNITED_DEPLOYMENT_KIND.mutations.setPartition(ud(), 0, 'a').spec.updateStrategy?.manualUpdate?.partitions).toEqual({ a: 0 });
    expect(UNITED_DEPLOYMENT_KIND.mutations.setPartition(ud(), 2).spec.updateStrategy?.manualUpdate?.partitions).toEqual({ a: 2, b: 2 });
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.setPartition(ud(), 1, 'zz')).fieldErrors).toEqual([{ field: 'subset', message: 'not found; subsets: a, b' }]);
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.setPartition(ud(), '50%', 'a')).fieldErrors[0]!.field).toBe('partition');
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.pauseRollout(ud())).fieldErrors[0]!.field).toBe('kind');
  });

  it('sets the image in the template, scales, and rolls back to a revision\'s template', () => {
    const changed = UNITED_DEPLOYMENT_KIND.mutations.setImage(ud(), 'app', 'nginx:1.27');
    expect(UNITED_DEPLOYMENT_KIND.images(changed)).toEqual(['nginx:1.27']);
    expect(UNITED_DEPLOYMENT_KIND.mutations.scaleWorkload(ud(), 9).spec.replicas).toBe(9);
    const back = UNITED_DEPLOYMENT_KIND.mutations.rollbackWorkload(changed, newUnitedDeploymentRevision(ud(), 1, 0));
    expect(back.spec.template).toEqual(ud().spec.template);
  });

  it('labels chosen pods specified-delete (CloneSet and Advanced StatefulSet subsets), and says why it cannot otherwise', () => {
    const mine = pod({ app: 'web', 'apps.kruise.io/subset-name': 'a' });
    expect(UNITED_DEPLOYMENT_KIND.mutations.deletePods(ud(), [mine], false)).toEqual({ podPatches: [{ pod: 'p', patch: { metadata: { labels: { 'apps.kruise.io/specified-delete': 'true' } } } }] });
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.deletePods(ud(), [mine], true)).fieldErrors[0]!.field).toBe('scaleDown');
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.deletePods(ud('deploymentTemplate'), [mine], false)).fieldErrors[0]!.field).toBe('pods');
    expect(mutationError(() => UNITED_DEPLOYMENT_KIND.mutations.deletePods(ud(), [pod({ app: 'x' })], false)).fieldErrors[0]!.field).toBe('pods[0]');
  });
});
