// Kruise Rollouts' workload mutating webhook (docs/spec/kruise-rollout.md §4), for the kinds Coxswain's
// Rollouts drive: on an UPDATE of a CloneSet, an Advanced StatefulSet or an apps/v1 StatefulSet that
// carries the label rollouts.kruise.io/workload-type, whose pod template (or rollout-id annotation)
// changed, and that a Rollout of its namespace references (not deleting, not Disabled), the workload is
// frozen — a CloneSet at partition "100%", a StatefulSet at partition 32767 — and marked in progressing,
// so that the Rollout, not the workload's controller, decides how far the new revision goes. Every
// effective change re-freezes (a new revision mid-release, a rollback), a change that is not effective
// (scaling) passes untouched. Upstream: pkg/webhook/workload/mutating/workload_update_handler.go
// (handleCloneSet, fetchMatchedRollout), unified_update_handler.go (handleStatefulSetLikeWorkload).
// An apps/v1 Deployment is paused instead, its stable ReplicaSet's pod-template-hash recorded in the
// stable-revision label; once in progressing, every update keeps it paused — in canary style a switch to
// Recreate is reverted, in partition style it stays Recreate with its rollingUpdate in the strategy
// annotation (handleDeployment).
import {
  ANNOTATION_DEPLOYMENT_STRATEGY, deploymentStrategyJson, deploymentStrategyOf, withDefaultDeploymentStrategy, type AdvancedDeploymentStrategy, type Deployment,
  ANNOTATION_IN_PROGRESSING, groupOf, jsonEqual, LABEL_POD_TEMPLATE_HASH, LABEL_STABLE_REVISION, LABEL_WORKLOAD_TYPE, ROLLOUT_ID_KEY, toStorageRollout,
  type KubeObject, type Rollout, type RolloutV1alpha1,
} from '@coxswain/kruise-api';

const ROLLOUT_REF = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
const REPLICASET_REF = { apiVersion: 'apps/v1', kind: 'ReplicaSet' };
/** What the webhook and the BatchRelease freeze a StatefulSet at (MaxInt16). */
const STATEFULSET_FROZEN = 32767;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const objectAt = (v: unknown): Loose => (isObject(v) ? v : {});

/** The kinds the webhook freezes, by group and kind. */
function frozenKind(object: KubeObject): 'CloneSet' | 'StatefulSet' | 'Deployment' | undefined {
  const key = `${groupOf(object.apiVersion)}/${object.kind}`;
  if (key === 'apps.kruise.io/CloneSet') return 'CloneSet';
  if (key === 'apps.kruise.io/StatefulSet' || key === 'apps/StatefulSet') return 'StatefulSet';
  if (key === 'apps/Deployment') return 'Deployment';
  return undefined;
}

/** A pod template without its pod-template-hash label (Kubernetes' EqualIgnoreHash compares these). */
function templateIgnoringHash(template: unknown): Loose {
  const t = structuredClone(objectAt(template));
  const labels = objectAt(objectAt(t['metadata'])['labels']);
  delete labels[LABEL_POD_TEMPLATE_HASH];
  return t;
}

/** docs/spec/kruise-rollout.md §4.2: the rollout-id annotation changed, or (without it) the template did, pod-template-hash aside. */
export function isEffectiveRevisionChange(object: KubeObject, old: KubeObject): boolean {
  const id = object.metadata.annotations?.[ROLLOUT_ID_KEY];
  if (id !== undefined) return id !== old.metadata.annotations?.[ROLLOUT_ID_KEY];
  const template = (o: KubeObject) => templateIgnoringHash(objectAt((o as unknown as Loose)['spec'])['template']);
  return !jsonEqual(template(object), template(old));
}

/** docs/spec/kruise-rollout.md §4.1: the first Rollout of the namespace, not deleting nor Disabled, referencing the workload. */
export function matchingRollout(object: KubeObject, rollouts: readonly KubeObject[]): Rollout | undefined {
  const group = groupOf(object.apiVersion);
  for (const stored of rollouts) {
    const rollout = toStorageRollout(stored as Rollout | RolloutV1alpha1);
    if (rollout.metadata.deletionTimestamp || rollout.status?.phase === 'Disabled') continue;
    const ref = rollout.spec?.workloadRef;
    if (!ref || groupOf(ref.apiVersion ?? '') !== group || ref.kind !== object.kind || ref.name !== object.metadata.name) continue;
    if (!rollout.spec.strategy?.canary && !rollout.spec.strategy?.blueGreen) continue;
    return rollout;
  }
  return undefined;
}

/**
 * The workload as the webhook admits an UPDATE of it (the input is never modified): frozen and marked in
 * progressing, or the same object. `rollouts` lists a namespace's Rollouts (in any version).
 */
export function rolloutWorkloadFreeze(
  object: KubeObject, old: KubeObject | undefined, rollouts: (namespace: string) => readonly KubeObject[],
  replicaSets: (namespace: string) => readonly KubeObject[] = () => [],
): KubeObject {
  if (!old) return object;
  const kind = frozenKind(object);
  if (!kind || object.metadata.labels?.[LABEL_WORKLOAD_TYPE] === undefined) return object;
  if (kind === 'Deployment') return deploymentFreeze(object, old, rollouts, replicaSets);
  const spec = objectAt((object as unknown as Loose)['spec']);
  if (spec['replicas'] === 0) return object;
  if (!isEffectiveRevisionChange(object, old)) return object;
  const strategy = objectAt(spec['updateStrategy']);
  if (kind === 'StatefulSet' && strategy['type'] !== undefined && strategy['type'] !== 'RollingUpdate') return object;
  const rollout = matchingRollout(object, rollouts(object.metadata.namespace ?? ''));
  if (!rollout) return object;
  let updateStrategy: Loose;
  if (kind === 'CloneSet' && object.apiVersion.endsWith('/v1alpha1')) updateStrategy = { ...strategy, partition: '100%' };
  else if (kind === 'CloneSet') updateStrategy = { ...strategy, rollingUpdate: { ...objectAt(strategy['rollingUpdate']), partition: '100%' } };
  else updateStrategy = { ...strategy, rollingUpdate: { ...objectAt(strategy['rollingUpdate']), partition: STATEFULSET_FROZEN } };
  return {
    ...object,
    metadata: { ...object.metadata, annotations: { ...object.metadata.annotations, [ANNOTATION_IN_PROGRESSING]: JSON.stringify({ rolloutName: rollout.metadata.name }) } },
    spec: { ...spec, updateStrategy },
  } as KubeObject;
}

/**
 * docs/spec/kruise-rollout.md §4.3, the Deployment rows (canary style): in progressing, every update stays
 * paused and a switch to Recreate is reverted; else an effective revision change of a Deployment with
 * replicas and an active ReplicaSet, referenced by a live Rollout, is paused, labelled with its stable
 * ReplicaSet's pod-template-hash and marked in progressing. The webhook's object selector leaves out a
 * Deployment labelled control-plane=controller-manager (docs/spec/kruise-rollout.md §4.1).
 */
function deploymentFreeze(
  object: KubeObject, old: KubeObject, rollouts: (namespace: string) => readonly KubeObject[], replicaSets: (namespace: string) => readonly KubeObject[],
): KubeObject {
  if (object.metadata.labels?.['control-plane'] === 'controller-manager') return object;
  const spec = objectAt((object as unknown as Loose)['spec']);
  if (object.metadata.annotations?.[ANNOTATION_IN_PROGRESSING] !== undefined) {
    // Upstream looks for the matching Rollout first, in progressing or not.
    if (!matchingRollout(object, rollouts(object.metadata.namespace ?? ''))) return object;
    const strategyText = object.metadata.annotations?.[ANNOTATION_DEPLOYMENT_STRATEGY];
    const style = strategyText === undefined ? '' : String(objectAt(parseJson(strategyText))['rollingStyle'] ?? '');
    if (style.toLowerCase() === 'partition') return partitionStyleInProgressing(object, old);
    const strategy = objectAt(spec['strategy']);
    const oldStrategy = (old as unknown as Loose)['spec'] !== undefined ? objectAt(objectAt((old as unknown as Loose)['spec'])['strategy']) : {};
    const revert = strategy['type'] === 'Recreate' && oldStrategy['type'] !== 'Recreate';
    if (spec['paused'] === true && !revert) return object;
    return { ...object, spec: { ...spec, paused: true, ...(revert ? { strategy: oldStrategy } : {}) } } as KubeObject;
  }
  if (spec['replicas'] === 0) return object;
  if (!isEffectiveRevisionChange(object, old)) return object;
  const rollout = matchingRollout(object, rollouts(object.metadata.namespace ?? ''));
  if (!rollout) return object;
  // docs/spec/kruise-rollout.md §4.1: a CD tool's update without uid is the stored object's.
  const uid = object.metadata.uid || old.metadata.uid;
  const stable = stableReplicaSet(object, uid, replicaSets(object.metadata.namespace ?? ''));
  const stableRevision = stable?.metadata.labels?.[LABEL_POD_TEMPLATE_HASH];
  if (stableRevision === undefined) return object;
  return {
    ...object,
    metadata: {
      ...object.metadata,
      labels: { ...object.metadata.labels, [LABEL_STABLE_REVISION]: stableRevision },
      annotations: { ...object.metadata.annotations, [ANNOTATION_IN_PROGRESSING]: JSON.stringify({ rolloutName: rollout.metadata.name }) },
    },
    spec: { ...spec, paused: true },
  } as KubeObject;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * docs/spec/kruise-rollout.md §4.3, "Deployment already in progressing, partition style": every update
 * stays paused and Recreate (the native controller stays away); a rollingUpdate the update brings moves
 * into the strategy annotation (maxSurge and maxUnavailable may change mid-release); an effective
 * revision change pauses the advanced controller too (annotation `paused: true`: a new revision waits
 * for its own release). The annotation is rewritten with Kruise's defaults when anything changed.
 */
export function partitionStyleInProgressing(object: KubeObject, old: KubeObject): KubeObject {
  const spec = objectAt((object as unknown as Loose)['spec']);
  const strategy = deploymentStrategyOf(object as Deployment);
  const strategySpec = { ...objectAt(spec['strategy']) };
  let modified = false;
  const nextSpec: Loose = { ...spec };
  if (spec['paused'] !== true) {
    modified = true;
    nextSpec['paused'] = true;
  }
  if (strategySpec['type'] === 'RollingUpdate') {
    modified = true;
    strategySpec['type'] = 'Recreate';
  }
  if (strategySpec['rollingUpdate'] !== undefined && strategySpec['rollingUpdate'] !== null) {
    modified = true;
    strategy.rollingUpdate = strategySpec['rollingUpdate'] as AdvancedDeploymentStrategy['rollingUpdate'];
    delete strategySpec['rollingUpdate'];
  }
  if (isEffectiveRevisionChange(object, old)) {
    modified = true;
    strategy.paused = true;
  }
  if (!modified) return object;
  nextSpec['strategy'] = strategySpec;
  return {
    ...object,
    metadata: { ...object.metadata, annotations: { ...object.metadata.annotations, [ANNOTATION_DEPLOYMENT_STRATEGY]: deploymentStrategyJson(withDefaultDeploymentStrategy(strategy)) } },
    spec: nextSpec,
  } as KubeObject;
}

/**
 * The Deployment's stable ReplicaSet: of its active ReplicaSets (controlled by it, replicas > 0), the
 * newest whose template is not the Deployment's new one (Go: FindCanaryAndStableReplicaSet).
 */
function stableReplicaSet(deployment: KubeObject, uid: string | undefined, replicaSets: readonly KubeObject[]): KubeObject | undefined {
  const template = templateIgnoringHash(objectAt((deployment as unknown as Loose)['spec'])['template']);
  const created = (rs: KubeObject) => Date.parse(rs.metadata.creationTimestamp ?? '') || 0;
  return replicaSets
    .filter((rs) => uid !== undefined && (rs.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === uid))
    .filter((rs) => {
      const rsSpec = objectAt((rs as unknown as Loose)['spec']);
      return (typeof rsSpec['replicas'] === 'number' ? rsSpec['replicas'] : 1) > 0 && !jsonEqual(templateIgnoringHash(rsSpec['template']), template);
    })
    .sort((a, b) => created(b) - created(a) || (b.metadata.name ?? '').localeCompare(a.metadata.name ?? ''))[0];
}

/** The ReplicaSets of a namespace through an admission `list` (none without one). */
export function replicaSetsVia(list: ((ref: { apiVersion: string; kind: string }, namespace: string) => KubeObject[]) | undefined): (namespace: string) => KubeObject[] {
  return (namespace) => (list ? list(REPLICASET_REF, namespace) : []);
}

/** The Rollouts of a namespace through an admission `list` (none without one). */
export function rolloutsVia(list: ((ref: { apiVersion: string; kind: string }, namespace: string) => KubeObject[]) | undefined): (namespace: string) => KubeObject[] {
  return (namespace) => (list ? list(ROLLOUT_REF, namespace) : []);
}
