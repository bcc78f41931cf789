// Spec edits every workload kind shares (its pod template, its replicas), and the checks on their
// arguments. Pure: each returns a new object.
import { revisionTemplate } from '../revision/cloneset-revision.js';
import type { ControllerRevision, KubeObject, PodTemplateSpec } from '@coxswain/kruise-api';
import { ageColumn } from './age-column.js';
import { WorkloadMutationError } from './mutation-error.js';

/** A workload with a pod template and replicas (CloneSet, Advanced StatefulSet). */
export interface TemplatedWorkload extends KubeObject {
  spec: { replicas?: number; template: PodTemplateSpec };
}

export function withImage<W extends TemplatedWorkload>(workload: W, container: string, image: string): W {
  if (image.trim() === '') throw new WorkloadMutationError('image must not be empty', [{ field: 'image', message: 'must not be empty' }]);
  const next = structuredClone(workload);
  const target = next.spec.template.spec.containers.find((c) => c.name === container);
  if (!target) {
    const names = next.spec.template.spec.containers.map((c) => c.name).join(', ');
    throw new WorkloadMutationError(`container "${container}" is not in the pod template (containers: ${names})`, [
      { field: 'container', message: `not found; containers: ${names}` },
    ]);
  }
  target.image = image;
  return next;
}

export function withReplicas<W extends TemplatedWorkload>(workload: W, replicas: number): W {
  if (!Number.isInteger(replicas) || replicas < 0) {
    throw new WorkloadMutationError('replicas must be a non-negative integer', [{ field: 'replicas', message: 'must be >= 0' }]);
  }
  const next = structuredClone(workload);
  next.spec.replicas = replicas;
  return next;
}

export function withRevisionTemplate<W extends TemplatedWorkload>(workload: W, revision: ControllerRevision): W {
  let template: PodTemplateSpec;
  try {
    template = revisionTemplate(revision);
  } catch (err) {
    throw new WorkloadMutationError(String((err as Error).message), [{ field: 'revision', message: 'holds no pod template' }]);
  }
  const next = structuredClone(workload);
  next.spec.template = template;
  return next;
}

/** The workload's controller reference is on the pod. */
export function controlledBy(workload: KubeObject, pod: KubeObject): boolean {
  return (pod.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === workload.metadata.uid);
}

/** A status counter or field for a printer column: blank when absent, as kubectl prints it. */
export function column(value: number | string | undefined | null): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A workload kubectl prints as DESIRED, CURRENT, UPDATED, READY, AGE (a StatefulSet, a UnitedDeployment). */
interface ReplicatedWorkload {
  metadata: { creationTimestamp?: string };
  spec: { replicas?: number };
  status?: { replicas?: number; updatedReplicas?: number; readyReplicas?: number };
}

/** Its row: desired replicas, then the status's replicas, updated and ready, then the age. */
export function replicasRow(workload: ReplicatedWorkload, now: number): string[] {
  const s = workload.status;
  return [column(workload.spec.replicas), column(s?.replicas), column(s?.updatedReplicas), column(s?.readyReplicas), ageColumn(workload, now)];
}
