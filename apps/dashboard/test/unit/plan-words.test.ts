import { describe, expect, it } from '@jest/globals';
import { actionsInWords, blockerInWords, blockersByPod, listNames, planInWords } from '../../src/lib/rollout/plan-words';
import { plan } from '../support/fixtures';

describe('planInWords', () => {
  it('says there is nothing to do when the plan is complete', () => {
    expect(planInWords(plan({ complete: true, updateRevision: 'web-1' }), 5).headline).toBe('Nothing to do: all 5 pods run revision web-1 and are available.');
  });

  it('groups actions by type and revision into sentences with the pods and the reason', () => {
    const words = planInWords(
      plan({
        actions: [
          { type: 'RECREATE', pod: 'web-a', reason: 'not at the update revision', revision: 'web-new' },
          { type: 'RECREATE', pod: 'web-b', reason: 'not at the update revision', revision: 'web-new' },
          { type: 'CREATE', pod: 'web-c', reason: 'scale up', revision: 'web-new' },
        ],
        diff: { updateNum: 2, scaleUpNum: 1, scaleDownNum: 0 },
      }),
      5,
    );
    expect(words.next).toEqual([
      'Recreate 2 pods at revision web-new: web-a, web-b (not at the update revision).',
      'Create 1 pod at revision web-new: web-c (scale up).',
    ]);
    expect(words.headline).toBe('Next, the controller will: 2 kinds of change (below).');
    expect(words.numbers).toBe('scaleUpNum 1, updateNum 2');
  });

  it('says a UnitedDeployment’s actions on its subset workloads (no pod) one by one, with their reasons', () => {
    const words = planInWords(
      plan({
        actions: [
          { type: 'UPDATE_WORKLOAD', pod: '', reason: 'subset subset-b: 2 of 3 pods not at revision ud-2 yet', revision: 'ud-2' },
          { type: 'CREATE_WORKLOAD', pod: '', reason: 'subset subset-c has no workload yet.', revision: 'ud-2' },
          { type: 'LABEL_POD', pod: 'ud-a-1', reason: 'reserved', revision: null },
        ],
      }),
      6,
    );
    expect(words.next).toEqual([
      'Update a subset workload at revision ud-2: subset subset-b: 2 of 3 pods not at revision ud-2 yet.',
      'Create a subset workload at revision ud-2: subset subset-c has no workload yet.',
      'Label 1 pod: ud-a-1 (reserved).',
    ]);
    expect(actionsInWords([{ type: 'SCALE_WORKLOAD', pod: '', reason: '', revision: null }])).toEqual(['Scale a subset workload.']);
  });

  it('says one kind of change per kind of action on subset workloads, each subset with its reason (issue 28 item 5)', () => {
    const words = planInWords(
      plan({
        actions: ['a', 'b', 'c'].map((x) => ({ type: 'UPDATE_WORKLOAD', pod: '', reason: `subset subset-${x}: partition 3 -> 1`, revision: 'ud-2' })),
      }),
      6,
    );
    expect(words.next).toEqual([
      'Update 3 subset workloads at revision ud-2: subset subset-a: partition 3 -> 1; subset subset-b: partition 3 -> 1; subset subset-c: partition 3 -> 1.',
    ]);
    expect(words.headline).toBe(
      'Next, the controller will: update 3 subset workloads at revision ud-2: subset subset-a: partition 3 -> 1; subset subset-b: partition 3 -> 1; subset subset-c: partition 3 -> 1.',
    );
  });

  it('puts a single kind of action in the headline', () => {
    const words = planInWords(plan({ actions: [{ type: 'DELETE', pod: 'web-x', reason: 'scale down', revision: null }] }), 4);
    expect(words.headline).toBe('Next, the controller will: delete 1 pod: web-x (scale down).');
  });

  it('explains blockers in words, keeping their pods', () => {
    const words = planInWords(
      plan({
        blockers: [
          { code: 'PAUSED', message: 'paused', pods: [], until: null },
          { code: 'PARTITION', message: 'partition keeps 3 pods on revision web-old', pods: ['a', 'b', 'c'], until: null },
          { code: 'HOOK_PENDING', message: 'pod web-1 waits for its preDelete hook to be acknowledged', pods: ['web-1'], until: null },
          { code: 'SOMETHING_NEW', message: 'a future blocker', pods: [], until: null },
        ],
      }),
      5,
    );
    expect(words.headline).toBe('Nothing moves right now; see what holds the rollout below.');
    expect(words.blockers.map((b) => b.sentence)).toEqual([
      'The rollout is paused (updateStrategy.paused): no pod is updated until it is resumed.',
      'The partition holds the rest: partition keeps 3 pods on revision web-old.',
      'Waiting on a lifecycle hook: pod web-1 waits for its preDelete hook to be acknowledged. Acknowledge it to let the pod go on.',
      'SOMETHING_NEW: a future blocker.',
    ]);
    expect(words.blockers[1]!.pods).toEqual(['a', 'b', 'c']);
  });

  it('says it waits for convergence when there is neither an action nor a blocker', () => {
    expect(planInWords(plan(), 5).headline).toBe('Waiting for pods to converge (starting, becoming ready or terminating).');
    expect(planInWords(plan(), 5).numbers).toBe('no pending scale or update');
  });

  it('shortens long pod lists', () => {
    expect(listNames(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e and 2 more');
    expect(actionsInWords([])).toEqual([]);
    expect(blockerInWords({ code: 'MIN_READY_SECONDS', message: 'web-1 ready for 3s of 10s', pods: ['web-1'], until: null }).sentence).toBe(
      'Waiting for minReadySeconds: web-1 ready for 3s of 10s.',
    );
  });

  it('explains why pods are stuck (scheduler, image, in-place, ordering) and names StatefulSet actions', () => {
    const say = (code: string, message: string) => blockerInWords({ code, message, pods: [], until: null }).sentence;
    expect(say('UNSCHEDULABLE', 'pods web-a, web-b: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.')).toBe(
      'Cannot be scheduled: pods web-a, web-b: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.',
    );
    expect(say('IMAGE_PULL_FAILED', 'pod web-a: container main ImagePullBackOff')).toBe('Image pull failing: pod web-a: container main ImagePullBackOff.');
    expect(say('IN_PLACE_UPDATING', 'pod web-a: waits for container main to run nginx:2')).toBe(
      'In-place update in progress: pod web-a: waits for container main to run nginx:2.',
    );
    expect(say('ORDERED_READY', 'OrderedReady: web-2 waits for web-1 to be Running and Ready')).toBe(
      'One pod at a time (podManagementPolicy OrderedReady): OrderedReady: web-2 waits for web-1 to be Running and Ready.',
    );
    expect(actionsInWords([{ type: 'REPAIR_POD', pod: 'web-1', reason: 'pod-name label', revision: null }])).toEqual([
      'Repair the identity or storage of 1 pod: web-1 (pod-name label).',
    ]);
    expect(planInWords({ ...plan(), diff: { toCreate: 1, condemned: 2, partition: 3 } }, 3).numbers).toBe('toCreate 1, condemned 2');
  });

  it('indexes blockers by pod, for the tooltip and the pod list', () => {
    const a = { code: 'UNSCHEDULABLE', message: 'x', pods: ['p1', 'p2'], until: null };
    const b = { code: 'MAX_UNAVAILABLE', message: 'y', pods: ['p2'], until: null };
    const byPod = blockersByPod([a, b]);
    expect(byPod.get('p1')).toEqual([a]);
    expect(byPod.get('p2')).toEqual([a, b]);
    expect(byPod.has('p3')).toBe(false);
  });
});
