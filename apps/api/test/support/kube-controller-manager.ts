// What a real cluster runs besides its apiserver and kubelets, and Coxswain leaves to it in Kubernetes
// mode: kube-controller-manager's apps/v1 StatefulSet, Deployment and ReplicaSet controllers (here
// Coxswain's own implementations of them, with the cluster's own access rather than Coxswain's RBAC), for
// tests where an embedded cluster stands in for a real one.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import { ControllerManager } from '@coxswain/controller-runtime';
import { DEFAULT_FEATURE_GATES } from '@coxswain/kruise-api';
import { DeploymentController, NATIVE_STATEFULSET, ReplicaSetController, StatefulSetController } from '@coxswain/workloads';

export interface KubeControllerManager {
  stop(): Promise<void>;
}

export async function startKubeControllerManager(client: ClusterClient, clock: Clock): Promise<KubeControllerManager> {
  const manager = new ControllerManager({ client, clock });
  const common = { recorder: { event() {} }, log: () => {} };
  new StatefulSetController(manager, { ...common, flavor: NATIVE_STATEFULSET, gates: DEFAULT_FEATURE_GATES });
  new DeploymentController(manager, common);
  new ReplicaSetController(manager, common);
  await manager.start();
  return { stop: () => manager.stop() };
}
