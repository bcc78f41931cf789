import { it } from '@jest/globals';
import type { UnitedDeployment } from '@coxswain/kruise-api';
import { UD_REF, CLONESET_REF, startUnitedEnv } from '../support/united-env.js';
function manifest(replicas: number, reserve: boolean): string {
  const subsets = ['a', 'b', 'c'].map((z) => `
    - name: subset-${z}
      nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-${z}]}]}${z === 'c' ? '' : '\n      maxReplicas: 2'}`).join('');
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    cloneSetTemplate:
      metadata: {labels: {app: web}}
      spec:
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: app, image: nginx:1.25}]}
  topology:
    scheduleStrategy:
      type: Adaptive
      adaptive: {rescheduleCriticalSeconds: 30, unschedulableDuration: 120${reserve ? ', reserveUnschedulablePods: true' : ''}}
    subsets:${subsets}
`;
}
it('debug', async () => {
  const env = await startUnitedEnv();
  await env.cordon('sim-a-', true);
  await env.apply(manifest(6, false));
  await env.run(35000);
  const ud = await env.get<UnitedDeployment>(UD_REF, 'web');
  console.log(JSON.stringify(ud.status, null, 1));
  const sets = await env.list<any>(CLONESET_REF);
  console.log(JSON.stringify(sets.map((s) => [s.metadata.name, s.spec.replicas, s.status]), null, 1));
  const pods = await env.pods();
  console.log(JSON.stringify(pods.filter(p => p.metadata.labels?.['apps.kruise.io/subset-name']==='subset-a').map((p) => [p.metadata.name, p.metadata.creationTimestamp, p.status]), null, 1));
  console.log(env.clock.now(), new Date(env.clock.now()).toISOString(), env.errors);
  const plan = env.united.planNow('default','web');
  console.log(JSON.stringify(plan?.requeueAfterMs), JSON.stringify(plan?.subsets?.[0]));
  await env.stop();
});
