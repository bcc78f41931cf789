import { describe, expect, it } from '@jest/globals';
import {
  atRevision,
  confirmAck,
  confirmDeletePods,
  confirmImage,
  confirmPartition,
  confirmPause,
  confirmResume,
  confirmRollback,
  confirmScale,
} from '../../src/lib/rollout/confirm-words';
import { pod, statefulSet, status, workload } from '../support/fixtures';

const held = workload({
  name: 'web',
  partition: 5,
  status: status({
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    updatedAvailableReplicas: 0,
    expectedUpdatedReplicas: 0,
    currentRevision: 'web-old',
    updateRevision: 'web-new',
  }),
});

describe('confirmation sentences', () => {
  it('partition: how many pods move, how fast, and which stay', () => {
    expect(confirmPartition(held, 3)).toBe(
      'Set the partition of web from 5 to 3: 3 pods of 5 stay on the current revision web-old. 2 pods move to revision web-new (recreated, at most 1 unavailable at a time (maxUnavailable 20%)).',
    );
    expect(confirmPartition(held, '100%')).toContain('No pod changes revision.');
  });

  it('partition: warns that raising it does not move updated pods back', () => {
    const two = workload({ partition: 3, status: status({ updatedReplicas: 2, currentRevision: 'web-old', updateRevision: 'web-new' }) });
    expect(confirmPartition(two, 5)).toContain('No more pods are updated; the 2 pods already on web-new stay there');
  });

  it('partition: says when every pod is already updated', () => {
    expect(confirmPartition(workload(), 2)).toContain('Every pod already runs web-old; the partition applies to the next template change.');
  });

  it('partition: mentions a pause', () => {
    expect(confirmPartition({ ...held, updateStrategy: { rollingUpdate: { partition: 5, paused: true } } }, 0)).toContain(
      'The rollout is paused, so nothing moves until you resume it.',
    );
  });

  it('pause and resume', () => {
    expect(confirmPause(held, { actions: [{ type: 'RECREATE', pod: 'a', reason: '', revision: 'x' }] })).toBe(
      'Pause the rollout of web: no further pod is updated until you resume (1 update planned now will wait). Pods already being replaced finish, and scaling still works.',
    );
    expect(confirmResume({ ...held, updateStrategy: { rollingUpdate: { partition: 0, paused: true } }, partitionedReplicas: 0 })).toContain(
      '5 pods move to revision web-new',
    );
  });

  it('image, scale, delete, rollback, ack', () => {
    expect(confirmImage(held, 'main', 'nginx:2', 'nginx:1')).toContain(
      'Set container main of web from nginx:1 to nginx:2: this makes a new update revision. No pod moves to it yet; the partition keeps 5 pods on the current revision.',
    );
    expect(confirmImage(held, 'main', 'nginx:1', 'nginx:1')).toBe('Container main of web already runs nginx:1: nothing changes.');
    expect(confirmScale(held, 8)).toContain('Scale web from 5 to 8: 3 pods are created');
    expect(confirmScale(held, 3)).toContain('2 pods are deleted');
    expect(confirmScale(held, 5)).toBe('web already has 5 replicas: nothing changes.');
    expect(confirmDeletePods(held, ['web-a', 'web-b'], false)).toContain('replacements are created, so web keeps 5 replicas');
    expect(confirmDeletePods(held, ['web-a'], true)).toContain('replicas drop from 5 to 4');
    expect(confirmRollback(held, { name: 'web-old', images: ['nginx:1'] })).toContain('Roll web back to revision web-old (nginx:1)');
    expect(confirmAck('web-a', 'PRE_DELETE')).toContain('the pod is released and deleted');
  });

  describe('Advanced StatefulSet', () => {
    // Replicas 4 over ordinals 0, 2, 3, 4 (1 reserved); web-4 already at the update revision.
    const set = statefulSet({
      replicas: 4,
      partition: 3,
      ordinals: { start: 0, end: 5, reserved: [{ from: 1, to: 1 }] },
      status: status({ replicas: 4, updatedReplicas: 1, currentRevision: 'web-old', updateRevision: 'web-new' }),
    });
    // isUpdated is stale on purpose: the pods were listed before the template changed.
    const pods = [0, 2, 3, 4].map((o) => pod(`web-${o}`, { ordinal: o, isUpdated: true, revision: o === 4 ? 'web-new' : 'web-old' }));

    it('partition: names the lowest valid ordinals it keeps and the pods that move, highest first', () => {
      expect(confirmPartition(set, 1, pods)).toBe(
        'Set the partition of web from 3 to 1: the 1 pod with the lowest ordinals (web-0) stay on the current revision web-old. web-3, web-2 move to revision web-new (recreated, highest ordinal first, at most 1 unavailable at a time (maxUnavailable 1)).',
      );
      expect(confirmPartition(set, 0, pods)).toContain(': no pod keeps the current revision. web-3, web-2, web-0 move to revision web-new');
      expect(confirmPartition(set, 9, pods)).toContain(
        '(web-0, web-2, web-3, web-4) stay on the current revision web-old. No more pods are updated; web-4 already run web-new and stay there.',
      );
    });

    it('reads a pod as updated by its revision label (name, or the hash of a CloneSet revision)', () => {
      expect(atRevision('web-new', 'web-new')).toBe(true);
      expect(atRevision('6c9f', 'web-6c9f')).toBe(true);
      expect(atRevision('web-old', 'web-new')).toBe(false);
      expect(atRevision(undefined, 'web-new')).toBe(false);
    });

    it('delete chosen pods: specified-delete brings them back at the same ordinal; with scale down their ordinals are reserved', () => {
      expect(confirmDeletePods(set, ['web-2'], false)).toBe(
        'Delete 1 pod of web (web-2): each is labelled apps.kruise.io/specified-delete, deleted within maxUnavailable and recreated at the same ordinal (same name and volumes). A pod with a preDelete hook waits for its acknowledgement first.',
      );
      expect(confirmDeletePods(set, ['web-3', 'web-0'], true)).toContain(
        'their ordinals (0, 3) are added to reserveOrdinals and replicas drop from 4 to 2, so they are not recreated.',
      );
    });

    it('scale and image say where pods come and go by ordinal', () => {
      expect(confirmScale(set, 6)).toContain('2 pods are created at the next free ordinals (reserved ordinals are skipped)');
      expect(confirmScale(set, 3)).toBe('Scale web from 4 to 3: 1 pod is deleted, highest ordinal first.');
      expect(confirmImage(set, 'main', 'nginx:2', 'nginx:1')).toContain(
        '1 pod move to it (recreated, highest ordinal first, at most 1 unavailable at a time (maxUnavailable 1)); the partition keeps 3 pods (the lowest ordinals) on the current revision.',
      );
    });
  });
});
