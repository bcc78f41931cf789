// Going back to the stable revision (docs/spec/kruise-rollout.md §2.11): the workload's pod template set to
// its stable revision's, as a user's rollback does; the Rollout controller then sees the workload in
// rollback and cancels the release. One computation for the two that abort a release: the Rollout
// controller when a step's analysis aborts (docs/analysis.md §5) and the API's abortRollout
// (docs/rollouts-api.md §2). Each writes the result its own way (the controller quietly, the API with its
// Conflict retry and audit).
//   CloneSet, (Advanced) StatefulSet: the template of the workload's ControllerRevision of that revision,
//     named in full (status.currentRevision) or by the suffix a CloneSet's stableRevision is (docs/spec/kruise-rollout.md §2.1),
//     controlled by the workload.
//   Deployment, canary or partition style (docs/spec/kruise-rollout.md §3.6, §3.7): the template of its stable ReplicaSet.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { ControllerRevision, KubeObject, ObjectRef, PodTemplateSpec } from '@coxswain/kruise-api';
import { readWorkload, releaseTarget, type ReleaseWorkload } from '../../release-target/workload.js';
import { isControlledBy } from '../../ownership/controller-ref.js';
import { applyRevision } from '../../revision/cloneset-revision.js';
import { CONTROLLER_REVISION_REF } from '../../revision/revision-store.js';

type Templated = KubeObject & { spec: { template: PodTemplateSpec } };

/** What going back to the stable revision writes, if anything. */
export type StableTemplate =
  /** `next`: the workload as read, with the stable template. */
  | { outcome: 'restore'; current: KubeObject; next: KubeObject }
  /** The workload runs the stable template already: nothing to write. */
  | { outcome: 'stable'; current: KubeObject }
  /** No stable template is left to go back to; `why` says so in words. */
  | { outcome: 'missing'; current: KubeObject; why: string };

/**
 * The stable template of a workload as read (`stableRevision`: the revision to go back to; the controller
 * passes the workload's status.currentRevision, the API the Rollout's canaryStatus.stableRevision).
 */
export async function stableTemplate(client: ClusterClient, workload: ReleaseWorkload, stableRevision: string): Promise<StableTemplate> {
  const current = workload.object;
  const deployment = workload.deployment ?? workload.partitionDeployment;
  if (deployment) {
    const { stableTemplate: template, stableTemplateEqual } = deployment;
    if (!template) return { outcome: 'missing', current, why: 'the Deployment has no stable ReplicaSet left' };
    if (stableTemplateEqual) return { outcome: 'stable', current };
    return { outcome: 'restore', current, next: { ...current, spec: { ...(current as Templated).spec, template } } as KubeObject };
  }
  if (stableRevision === '') return { outcome: 'missing', current, why: 'no stable revision is recorded' };
  const names = [stableRevision, `${current.metadata.name}-${stableRevision}`];
  if (names.includes(workload.updateRevision)) return { outcome: 'stable', current };
  for (const name of names) {
    let revision: ControllerRevision;
    try {
      revision = await client.get<ControllerRevision>(CONTROLLER_REVISION_REF, current.metadata.namespace, name);
    } catch (err) {
      if (!isApiError(err, 'NotFound')) throw err;
      continue;
    }
    // Only the workload's own revisions: a stableRevision (a status anyone with the status subresource
    // can write) naming another workload's must not put that workload's template into this one.
    if (!isControlledBy(revision, current.metadata.uid)) continue;
    try {
      return { outcome: 'restore', current, next: applyRevision(current as Templated, revision) };
    } catch (err) {
      return { outcome: 'missing', current, why: err instanceof Error ? err.message : String(err) };
    }
  }
  return { outcome: 'missing', current, why: `the ${workload.target.kind} has no ControllerRevision ${names.join(' or ')} of its own` };
}

/**
 * The stable template of the workload a Rollout names, read now; undefined when the workload is gone or
 * of a kind no release drives.
 */
export async function readStableTemplate(client: ClusterClient, namespace: string, workloadRef: Pick<ObjectRef, 'apiVersion' | 'kind' | 'name'>, stableRevision: string): Promise<StableTemplate | undefined> {
  const target = releaseTarget(workloadRef);
  if (!target) return undefined;
  const workload = await readWorkload(client, target, namespace, workloadRef.name ?? '', false);
  return workload && stableTemplate(client, workload, stableRevision);
}
