// The ReplicaSets of one Deployment sync as Kubernetes' controller sees them while it acts: every
// write it decides (create the new ReplicaSet, scale one, delete an old one) is recorded as an
// operation and applied to a working copy, so the next step of the same sync reads the state the
// writes produce — as the Go code does with the objects its client returns. Pure.
import { LABEL_POD_TEMPLATE_HASH, type Deployment, type ReplicaSet } from '@coxswain/kruise-api';
import type { PlannedAction } from '../plan/plan-types.js';
import { controllerRefTo } from '../ownership/claim.js';
import {
  ANNOTATION_DEPLOYMENT_REVISION, ANNOTATION_DESIRED_REPLICAS, ANNOTATION_MAX_REPLICAS, podTemplateHash, specReplicas,
} from './replica-sets.js';
import { resolveFenceposts } from './strategy.js';

export type DeploymentOperation =
  | { op: 'createReplicaSet'; rs: ReplicaSet }
  /** The whole object to write (based on the cached one, with its resourceVersion). */
  | { op: 'updateReplicaSet'; rs: ReplicaSet; from: number; to: number }
  | { op: 'deleteReplicaSet'; rs: ReplicaSet };

export class Rollout {
  readonly operations: DeploymentOperation[] = [];
  readonly actions: PlannedAction[] = [];
  /** A new ReplicaSet was created in this sync (its name). */
  created?: string;

  constructor(readonly d: Deployment) {}

  /** The new ReplicaSet for the Deployment's template: hash label on template and selector, revision annotations. */
  newReplicaSet(revision: number, replicas: number): ReplicaSet {
    const { d } = this;
    const hash = podTemplateHash(d.spec.template, d.status?.collisionCount);
    const template = structuredClone(d.spec.template);
    template.metadata = { ...template.metadata, labels: { ...(template.metadata?.labels ?? {}), [LABEL_POD_TEMPLATE_HASH]: hash } };
    const selector = structuredClone(d.spec.selector);
    selector.matchLabels = { ...(selector.matchLabels ?? {}), [LABEL_POD_TEMPLATE_HASH]: hash };
    const rs: ReplicaSet = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${d.metadata.name}-${hash}`,
        namespace: d.metadata.namespace,
        labels: { ...(template.metadata.labels ?? {}) },
        annotations: { ...this.replicasAnnotations(), [ANNOTATION_DEPLOYMENT_REVISION]: String(revision) },
        ownerReferences: [controllerRefTo(d)],
      },
      spec: { replicas, minReadySeconds: d.spec.minReadySeconds ?? 0, selector, template },
    };
    this.operations.push({ op: 'createReplicaSet', rs });
    this.actions.push({ type: 'CREATE_WORKLOAD', pod: '', workload: { kind: 'ReplicaSet', name: rs.metadata.name! }, reason: `new ReplicaSet for revision ${revision} with ${replicas} replicas` });
    this.created = rs.metadata.name;
    return rs;
  }

  /** desired-replicas and max-replicas (replicas + maxSurge) as the Deployment has them now. */
  replicasAnnotations(): Record<string, string> {
    const replicas = this.d.spec.replicas ?? 1;
    return { [ANNOTATION_DESIRED_REPLICAS]: String(replicas), [ANNOTATION_MAX_REPLICAS]: String(replicas + resolveFenceposts(this.d).maxSurge) };
  }

  /**
   * scaleReplicaSet: a write when the size or the replicas annotations differ; returns the ReplicaSet
   * as written (or unchanged).
   */
  scale(rs: ReplicaSet, to: number, why: string): ReplicaSet {
    const annotations = { ...(rs.metadata.annotations ?? {}), ...this.replicasAnnotations() };
    const from = specReplicas(rs);
    const annotationsChange = Object.entries(this.replicasAnnotations()).some(([k, v]) => rs.metadata.annotations?.[k] !== v);
    if (from === to && !annotationsChange) return rs;
    return this.update(rs, { ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...rs.spec, replicas: to } }, from, to, why);
  }

  /** Any other change of an existing ReplicaSet (revision annotation, minReadySeconds). */
  update(rs: ReplicaSet, next: ReplicaSet, from: number, to: number, why: string): ReplicaSet {
    const pending = this.operations.findIndex((o) => o.op !== 'deleteReplicaSet' && o.rs.metadata.name === rs.metadata.name);
    // Two writes to the same ReplicaSet in one sync: the later one carries both changes.
    if (pending >= 0 && this.operations[pending]!.op === 'updateReplicaSet') {
      const first = this.operations[pending] as Extract<DeploymentOperation, { op: 'updateReplicaSet' }>;
      this.operations[pending] = { op: 'updateReplicaSet', rs: next, from: first.from, to };
    } else if (pending >= 0) {
      this.operations[pending] = { op: 'createReplicaSet', rs: next };
    } else {
      this.operations.push({ op: 'updateReplicaSet', rs: next, from, to });
    }
    if (from !== to) {
      this.actions.push({ type: 'SCALE_WORKLOAD', pod: '', workload: { kind: 'ReplicaSet', name: rs.metadata.name! }, reason: `${why}: ${from} -> ${to}` });
    }
    return next;
  }

  remove(rs: ReplicaSet, why: string): void {
    this.operations.push({ op: 'deleteReplicaSet', rs });
    this.actions.push({ type: 'DELETE_WORKLOAD', pod: '', workload: { kind: 'ReplicaSet', name: rs.metadata.name! }, reason: why });
  }
}
