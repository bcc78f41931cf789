// Kubernetes' defaulting of apps/v1 Deployment and ReplicaSet (SetDefaults_Deployment,
// SetDefaults_ReplicaSet), as the API server applies it to every write. Inputs are never modified;
// defaulting twice changes nothing. The pod template always gets the pod-spec defaults, as the API
// server defaults the whole object.
import type { Deployment, ReplicaSet } from './apps-v1.js';
import { setDefaultsPodTemplateSpec } from './pod-template-defaults.js';

export const DEFAULT_DEPLOYMENT_REPLICAS = 1;
export const DEFAULT_DEPLOYMENT_REVISION_HISTORY_LIMIT = 10;
export const DEFAULT_DEPLOYMENT_PROGRESS_DEADLINE_SECONDS = 600;
/** maxUnavailable and maxSurge of a RollingUpdate strategy that leaves them out. */
export const DEFAULT_DEPLOYMENT_MAX_UNAVAILABLE = '25%';
export const DEFAULT_DEPLOYMENT_MAX_SURGE = '25%';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function setDefaultsDeployment(obj: Deployment): Deployment {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out; // validation reports the missing spec
  const spec = out.spec as unknown as Obj;
  if (isUnset(spec['replicas'])) spec['replicas'] = DEFAULT_DEPLOYMENT_REPLICAS;
  const strategy = isObject(spec['strategy']) ? spec['strategy'] : {};
  spec['strategy'] = strategy;
  if (isUnset(strategy['type'])) strategy['type'] = 'RollingUpdate';
  if (strategy['type'] === 'RollingUpdate') {
    const rolling = isObject(strategy['rollingUpdate']) ? strategy['rollingUpdate'] : {};
    strategy['rollingUpdate'] = rolling;
    if (isUnset(rolling['maxUnavailable'])) rolling['maxUnavailable'] = DEFAULT_DEPLOYMENT_MAX_UNAVAILABLE;
    if (isUnset(rolling['maxSurge'])) rolling['maxSurge'] = DEFAULT_DEPLOYMENT_MAX_SURGE;
  }
  if (isUnset(spec['revisionHistoryLimit'])) spec['revisionHistoryLimit'] = DEFAULT_DEPLOYMENT_REVISION_HISTORY_LIMIT;
  if (isUnset(spec['progressDeadlineSeconds'])) spec['progressDeadlineSeconds'] = DEFAULT_DEPLOYMENT_PROGRESS_DEADLINE_SECONDS;
  if (isObject(spec['template'])) spec['template'] = setDefaultsPodTemplateSpec(spec['template'] as never);
  return out;
}

export function setDefaultsReplicaSet(obj: ReplicaSet): ReplicaSet {
  const out = structuredClone(obj);
  if (!isObject(out.spec)) return out;
  const spec = out.spec as unknown as Obj;
  if (isUnset(spec['replicas'])) spec['replicas'] = DEFAULT_DEPLOYMENT_REPLICAS;
  if (isObject(spec['template'])) spec['template'] = setDefaultsPodTemplateSpec(spec['template'] as never);
  return out;
}
