// CloneSetController.planNow: the planner run on the controller's informer caches, as the API's `plan`
// query will call it.
import { expect, it } from '@jest/globals';
import { CLONESET_REF } from '../../src/refs.js';
import { startCloneSetEnv, type CloneSetEnv } from '../support/cloneset-env.js';
import { environmentPerTest } from '../support/per-test.js';
import { seededRandom } from '../support/rig.js';

let env: CloneSetEnv;
environmentPerTest(() => startCloneSetEnv({ random: seededRandom(3) }), (started) => (env = started));

it('shows the partition blocker and the pending update revision, and is undefined for an unknown CloneSet', async () => {
  await env.apply(`
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: sample}
spec:
  replicas: 3
  selector: {matchLabels: {app: sample}}
  updateStrategy: {rollingUpdate: {partition: 3}}
  template:
    metadata: {labels: {app: sample}}
    spec: {containers: [{name: nginx, image: "nginx:1.25"}]}
`);
  await env.runUntil(async () => (await env.cloneSet('sample')).status?.availableReplicas === 3);
  expect(env.controller.planNow('default', 'nowhere')).toBeUndefined();
  await env.cluster.store.patch(CLONESET_REF, 'default', 'sample', { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } });
  await env.runUntil(async () => (await env.cloneSet('sample')).status?.observedGeneration === 2);
  const plan = env.controller.planNow('default', 'sample')!;
  expect(plan.updateRevision).toBe((await env.cloneSet('sample')).status!.updateRevision);
  expect(plan.updateRevision).not.toBe(plan.currentRevision);
  expect(plan.actions).toEqual([]);
  expect(plan.blockers).toEqual([expect.objectContaining({ code: 'PARTITION', message: `partition keeps 3 pods on revision ${plan.currentRevision}` })]);
  expect(plan.blockers).toEqual(env.controller.lastPlan('default', 'sample')!.blockers);
});
