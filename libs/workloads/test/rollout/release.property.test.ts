// Invariants of a partition-style release (docs/spec/kruise-rollout.md §2.9, §3.6, §7) over random
// CloneSet sizes, step plans, approvals and nextStepIndex jumps, run by the real controllers in the
// embedded cluster: the pods on the new revision never decrease (partitions only fall), never exceed the
// largest step the release has reached, and approving to the end completes the release with every pod
// updated and the workload released.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Pod, Rollout } from '@coxswain/kruise-api';
import { CLONESET_REF } from '../../src/refs.js';
import { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import { stepReplicas } from '../../src/rollout/plan/steps.js';
import { startRolloutEnv } from '../support/rollout-env.js';

type Action = { type: 'approve' } | { type: 'jump'; to: number };

const plan = fc.integer({ min: 1, max: 8 }).chain((replicas) => fc.record({
  replicas: fc.constant(replicas),
  // Increasing percentages, the last 100%.
  steps: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 0, maxLength: 3 }).map((ps) => [...ps.sort((a, b) => a - b).map((p) => `${p}%`), '100%']),
  actions: fc.array(fc.oneof(fc.constant<Action>({ type: 'approve' }), fc.integer({ min: 1, max: 4 }).map<Action>((to) => ({ type: 'jump', to }))), { maxLength: 4 }),
}));

const v2 = (pods: Pod[]) => pods.filter((p) => p.spec.containers[0]!.image === 'echo:v2').length;

describe('a partition-style release (property)', () => {
  it('never takes updated pods back, never goes past the furthest step reached, and completes when approved', async () => {
    await fc.assert(fc.asyncProperty(plan, async ({ replicas, steps, actions }) => {
      const env = await startRolloutEnv();
      try {
        await env.apply(workloadYaml(CLONESET_V1ALPHA1, { ...ECHOSERVER, replicas, spec: 'updateStrategy: {maxUnavailable: 100%}' })
          + `---${demoRollout(steps.map((s) => `{replicas: "${s}", pause: {}}`))}`);
        await env.runUntil(async () => (await env.rollout()).status?.phase === 'Healthy' && (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === replicas);
        await env.patchSpec(CLONESET_REF, 'echoserver', { template: templateWith(ECHOSERVER, 'echo:v2') });
        const done = (r: Rollout) => r.status?.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true;
        let furthest = 0;
        let seen = 0;
        const settle = async () => {
          await env.runUntil(async () => {
            const r = await env.rollout();
            const c = r.status?.canaryStatus;
            if (c && r.status?.phase === 'Progressing') furthest = Math.max(furthest, stepReplicas({ replicas: steps[c.currentStepIndex - 1] }, replicas));
            const updated = v2(await env.pods(CLONESET_REF, 'echoserver'));
            expect(updated).toBeGreaterThanOrEqual(seen);
            if (!done(r)) expect(updated).toBeLessThanOrEqual(furthest);
            seen = updated;
            return done(r) || (c?.currentStepState === 'StepPaused' && (await env.release())?.status?.canaryStatus?.batchState === 'Ready');
          }, 300_000, 500);
        };
        await settle();
        for (const action of actions) {
          if (done(await env.rollout())) break;
          if (action.type === 'approve') await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
          else await env.patchCanaryStatus('demo', { nextStepIndex: Math.min(action.to, steps.length) });
          await env.run(1000);
          await settle();
        }
        while (!done(await env.rollout())) {
          await env.patchCanaryStatus('demo', { currentStepState: 'StepReady' });
          await env.run(1000);
          await settle();
        }
        await env.runUntil(async () => (await env.release()) === undefined && (await env.cloneSet('echoserver')).status?.updatedReadyReplicas === replicas);
        expect(v2(await env.pods(CLONESET_REF, 'echoserver'))).toBe(replicas);
        expect((await env.cloneSet('echoserver')).spec.updateStrategy?.rollingUpdate?.partition ?? 0).toBe(0);
        expect(env.errors).toEqual([]);
      } finally {
        await env.stop();
      }
    }), { numRuns: 12 });
  }, 600_000);
});
