// The embedded cluster's Deployment controller leaves a Deployment the advanced Deployment controller
// drives (docs/spec/kruise-rollout.md §3.6) to it when the gate AdvancedDeployment is on — upstream the
// native controller is kept away by paused + Recreate — and treats it as any paused Deployment (its
// status written, nothing rolled) when the gate is off.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEATURE_GATES, type Deployment } from '@coxswain/kruise-api';
import { DeploymentController } from '../../src/deployment/controller.js';
import { DEPLOYMENT_REF, REPLICASET_REF } from '../../src/refs.js';
import { startRig } from '../support/rig.js';

const CLAIMED = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    batchrelease.rollouts.kruise.io/control-info: '{"kind":"BatchRelease","name":"demo","uid":"br"}'
    rollouts.kruise.io/deployment-strategy: '{"rollingStyle":"Partition","rollingUpdate":{"maxSurge":1,"maxUnavailable":0},"partition":"20%"}'
spec:
  replicas: 2
  paused: true
  strategy: {type: Recreate}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: main, image: "web:v2"}]}
`;

describe('the embedded Deployment controller and a Deployment under the advanced controller', () => {
  it.each<[string, boolean, boolean]>([
    ['gate on: left alone (no status written)', true, false],
    ['gate off: synced as a paused Deployment (its status written, nothing rolled)', false, true],
  ])('%s', async (_, gate, synced) => {
    const rig = await startRig();
    try {
      new DeploymentController(rig.manager, { gates: DEFAULT_FEATURE_GATES.with({ AdvancedDeployment: gate }), recorder: rig.recorder, log: rig.logger('error', 'warn') });
      await rig.start();
      await rig.apply(CLAIMED);
      await rig.run(5_000);
      const d = await rig.cluster.store.get<Deployment>(DEPLOYMENT_REF, 'default', 'web');
      expect(d.status?.observedGeneration !== undefined).toBe(synced);
      expect((await rig.cluster.store.list(REPLICASET_REF, { namespace: 'default' })).items).toEqual([]);
      expect(rig.errors).toEqual([]);
    } finally {
      await rig.stop();
    }
  });
});
