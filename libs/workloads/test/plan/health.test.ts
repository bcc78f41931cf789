// Workload health as an SRE reads it, one row per situation the issue names: normal pacing is
// PROGRESSING (never a red "blocked"), failing or unschedulable pods are DEGRADED, a partition that
// has let its pods through or a pause is HELD, a pending hook is WAITING_ON_HOOK.
import { describe, expect, it } from '@jest/globals';
import { workloadHealth, type HealthCondition } from '../../src/plan/health.js';
import type { Blocker, BlockerCode, PlannedAction } from '../../src/plan/plan-types.js';

const blocker = (code: BlockerCode, message: string, pods: string[] = []): Blocker => ({ code, message, pods });
const action = (type: PlannedAction['type'], pod: string): PlannedAction => ({ type, pod, reason: 'r' });
const update = (name: string): PlannedAction => ({ type: 'UPDATE_WORKLOAD', pod: '', workload: { kind: 'StatefulSet', name }, reason: 'r' });
const progressDeadline: HealthCondition = { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'CloneSet revision web-2 has timed out progressing' };

describe('workloadHealth', () => {
  it.each([
    ['complete', { complete: true, blockers: [], actions: [] }, [], 'COMPLETE', []],
    ['a maxUnavailable wave in flight is progressing', { complete: false, blockers: [blocker('MAX_UNAVAILABLE', 'maxUnavailable allows 1 unavailable pod at a time: web-1 is updated now', ['web-1'])], actions: [] }, [], 'PROGRESSING', ['web-1']],
    ['minReadySeconds is progressing', { complete: false, blockers: [blocker('MIN_READY_SECONDS', 'web-0 has been ready for 3 s of minReadySeconds 10', ['web-0'])], actions: [] }, [], 'PROGRESSING', ['web-0']],
    ['scaleStrategy.maxUnavailable limiting creation is progressing', { complete: false, blockers: [blocker('SCALE_UP_LIMITED', 'scaleUp is limited')], actions: [action('CREATE', 'web-x')] }, [], 'PROGRESSING', []],
    ['creating pods is progressing', { complete: false, blockers: [], actions: [action('CREATE', 'web-a'), action('CREATE', 'web-b')] }, [], 'PROGRESSING', ['web-a', 'web-b']],
    ['a pod that cannot be scheduled is degraded', { complete: false, blockers: [blocker('UNSCHEDULABLE', 'web-3: cannot be scheduled: 0/9 nodes are available: 9 Too many pods', ['web-3'])], actions: [] }, [], 'DEGRADED', ['web-3']],
    ['an image that cannot be pulled is degraded', { complete: false, blockers: [blocker('IMAGE_PULL_FAILED', 'web-1: container main ErrImagePull', ['web-1'])], actions: [] }, [], 'DEGRADED', ['web-1']],
    ['a crash-looping pod is degraded', { complete: false, blockers: [blocker('POD_FAILING', 'web-2: container main CrashLoopBackOff', ['web-2'])], actions: [] }, [], 'DEGRADED', ['web-2']],
    ['a missed progress deadline is degraded', { complete: false, blockers: [], actions: [] }, [progressDeadline], 'DEGRADED', []],
    ['a pending hook waits on whoever acknowledges it', { complete: false, blockers: [blocker('HOOK_PENDING', 'pod web-4 waits for its preDelete hook to be acknowledged', ['web-4'])], actions: [] }, [], 'WAITING_ON_HOOK', ['web-4']],
    ['a partition that let its pods through holds the rest', { complete: false, blockers: [blocker('PARTITION', 'partition keeps 3 pods on revision web-1', [])], actions: [] }, [], 'HELD', []],
    ['a partition with pods still updating is progressing', { complete: false, blockers: [blocker('PARTITION', 'partition keeps 3 pods'), blocker('IN_PLACE_UPDATING', 'web-4: restarting main', ['web-4'])], actions: [] }, [], 'PROGRESSING', ['web-4']],
    ['a pause holds even while pods are pacing', { complete: false, blockers: [blocker('PAUSED', 'updateStrategy.rollingUpdate.paused is true'), blocker('MIN_READY_SECONDS', 'x', ['web-0'])], actions: [] }, [], 'HELD', []],
    ['degraded wins over a pending hook and a pause', { complete: false, blockers: [blocker('PAUSED', 'paused'), blocker('HOOK_PENDING', 'hook', ['a']), blocker('UNSCHEDULABLE', 'b cannot be scheduled', ['b'])], actions: [] }, [], 'DEGRADED', ['b']],
    ['subset partitions that let their pods through hold a UnitedDeployment', { complete: false, blockers: [blocker('PARTITION', 'subset subset-a: partition 1 keeps 1 of its 1 pods', ['ud-a-0'])], actions: [] }, [], 'HELD', ['ud-a-0']],
    ['a subset workload rolling toward its partition is progressing', { complete: false, blockers: [blocker('PARTITION', 'subset subset-b: partition 1 keeps 1 of its 3 pods', []), blocker('WAITING_FOR_SUBSET', 'subset subset-b: StatefulSet ud-b-x has 1 of its 3 pods at revision r; its partition 1 lets 2 through', ['ud-b-x-2'])], actions: [] }, [], 'PROGRESSING', ['ud-b-x-2']],
    ['a subset workload nothing creates pods for is degraded (issue 28 item 8)', { complete: false, blockers: [blocker('PODS_NOT_CREATED', 'subset subset-a: no pods were created for StatefulSet ud-a-x in 600 s: is kube-controller-manager running?')], actions: [] }, [], 'DEGRADED', []],
  ] as const)('%s', (_what, plan, conditions, state, pods) => {
    const health = workloadHealth({ complete: plan.complete, blockers: [...plan.blockers], actions: [...plan.actions] }, conditions);
    expect(health.state).toBe(state);
    expect(health.pods).toEqual(pods);
    expect(health.reason.length).toBeGreaterThan(0);
  });

  it('says when it changes by itself: the earliest moment of the blockers it names (issue 28 item 6)', () => {
    const waiting = (pod: string, until: number): Blocker => ({ ...blocker('MIN_READY_SECONDS', `pod ${pod} turns available once Ready for minReadySeconds (30 s)`, [pod]), until });
    expect(workloadHealth({ complete: false, blockers: [waiting('web-1', 5_000), waiting('web-0', 3_000)], actions: [] }, [])).toEqual({
      state: 'PROGRESSING', reason: 'pod web-1 turns available once Ready for minReadySeconds (30 s); pod web-0 turns available once Ready for minReadySeconds (30 s)', pods: ['web-1', 'web-0'], until: 3_000,
    });
    // A moment of a blocker the reason does not name is not the health's.
    expect(workloadHealth({ complete: false, blockers: [waiting('web-1', 5_000), blocker('UNSCHEDULABLE', 'web-2 cannot be scheduled', ['web-2'])], actions: [] }, []).until).toBeUndefined();
  });

  it('says why in the blockers own words', () => {
    const health = workloadHealth({ complete: false, blockers: [blocker('UNSCHEDULABLE', 'web-3: cannot be scheduled: 0/9 nodes are available: 9 Too many pods', ['web-3'])], actions: [] }, []);
    expect(health.reason).toBe('web-3: cannot be scheduled: 0/9 nodes are available: 9 Too many pods');
    expect(workloadHealth({ complete: false, blockers: [], actions: [] }, [progressDeadline]).reason).toBe('CloneSet revision web-2 has timed out progressing');
    expect(workloadHealth({ complete: false, blockers: [], actions: [update('ud-b-x')] }, []).reason).toBe('update workload ud-b-x');
    expect(workloadHealth({ complete: false, blockers: [blocker('PODS_NOT_CREATED', 'subset subset-a: no pods were created for StatefulSet ud-a-x in 600 s: is kube-controller-manager running?')], actions: [] }, []).reason)
      .toBe('subset subset-a: no pods were created for StatefulSet ud-a-x in 600 s: is kube-controller-manager running?');
  });
});
