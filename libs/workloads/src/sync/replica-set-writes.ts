// A Deployment controller's ReplicaSet writes (Kubernetes' deployment controller and Kruise Rollouts'
// advanced one apply the same three): create the new ReplicaSet, scale one (an update from the cached
// object, so a stale cache meets a Conflict), delete an old one; with the ScalingReplicaSet events. A
// create that meets AlreadyExists is our ReplicaSet when it is ours with the same template, else a hash
// collision: status.collisionCount + 1 and a new hash next time.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import type { Deployment, ReplicaSet } from '@coxswain/kruise-api';
import { equalIgnoreHash } from '../deployment-facts/replica-sets.js';
import type { DeploymentOperation } from '../deployment-facts/replica-set-ops.js';
import { DEPLOYMENT_REF, REPLICASET_REF } from '../refs.js';
import { writeStatusWithRetry } from './status-write.js';

export interface ReplicaSetWriter {
  client: ClusterClient;
  recorder: EventRecorder;
  rvExpectations: ResourceVersionExpectations;
}

export async function applyReplicaSetOperation(deps: ReplicaSetWriter, key: string, d: Deployment, operation: DeploymentOperation): Promise<void> {
  const name = operation.rs.metadata.name!;
  switch (operation.op) {
    case 'createReplicaSet': {
      try {
        await deps.client.create<ReplicaSet>(operation.rs);
      } catch (err) {
        if (!isApiError(err, 'AlreadyExists')) throw err;
        await onNameTaken(deps.client, d, operation.rs);
        return;
      }
      const replicas = operation.rs.spec.replicas ?? 1;
      if (replicas > 0) deps.recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${name} from 0 to ${replicas}`);
      return;
    }
    case 'updateReplicaSet': {
      deps.rvExpectations.expect(key, await deps.client.update<ReplicaSet>(operation.rs));
      if (operation.from !== operation.to) {
        const direction = operation.to > operation.from ? 'up' : 'down';
        deps.recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled ${direction} replica set ${name} from ${operation.from} to ${operation.to}`);
      }
      return;
    }
    case 'deleteReplicaSet':
      try {
        await deps.client.delete(REPLICASET_REF, operation.rs.metadata.namespace, name, { preconditions: { uid: operation.rs.metadata.uid } });
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw err;
      }
  }
}

/** The same template under that name is our ReplicaSet already; anything else is a hash collision. */
async function onNameTaken(client: ClusterClient, d: Deployment, wanted: ReplicaSet): Promise<void> {
  const existing = await client.get<ReplicaSet>(REPLICASET_REF, wanted.metadata.namespace, wanted.metadata.name!);
  const ours = existing.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === d.metadata.uid);
  if (ours && equalIgnoreHash(existing.spec.template, d.spec.template)) return;
  const collisionCount = (d.status?.collisionCount ?? 0) + 1;
  await writeStatusWithRetry(client, DEPLOYMENT_REF, d, { ...(d.status ?? {}), collisionCount });
  throw new Error(`ReplicaSet ${wanted.metadata.name} exists with another template: hash collision, collisionCount is now ${collisionCount}`);
}
