// A UnitedDeployment whose subset StatefulSets never get pods, as in a cluster without
// kube-controller-manager (issue 28 item 8): progressing while its workloads may still catch up, then,
// from the progress deadline on, degraded, naming each workload and the likely cause. The controller
// looks again at the deadline by itself: no event marks it.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import { workloadHealth } from '../../src/plan/health.js';
import { NATIVE_STS_REF, startUnitedEnv, type UnitedEnv } from '../support/united-env.js';

let env: UnitedEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

const MANIFEST = `
apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    statefulSetTemplate:
      metadata: {labels: {app: web}}
      spec:
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: app, image: nginx}]}
  topology:
    subsets:
    - {name: subset-a, nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-a]}]}}
    - {name: subset-b, nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-b]}]}}
`;

describe('subset workloads that never get pods', () => {
  it('are waited for until the progress deadline, then the UnitedDeployment is degraded, naming them', async () => {
    env = await startUnitedEnv({ nativeControllers: false });
    await env.apply(MANIFEST);
    await env.run(2_000);
    const health = () => workloadHealth(env!.united.lastPlan('default', 'web')!, []);
    const names = (await env.list<KubeObject>(NATIVE_STS_REF)).map((w) => w.metadata.name!).sort();
    expect(names).toHaveLength(2);
    expect(await env.pods()).toEqual([]);
    expect(health()).toMatchObject({ state: 'PROGRESSING', reason: expect.stringContaining(`StatefulSet ${names[0]} has 0 of its`) });

    await env.run(600_000, 10_000);
    expect(health()).toEqual({
      state: 'DEGRADED',
      reason: names.map((name, i) => `subset subset-${'ab'[i]}: no pods were created for StatefulSet ${name} in 600 s: is kube-controller-manager running?`).join('; '),
      pods: [],
    });
  });
});
