// The apps/v1 Deployment subset: no partition (a UnitedDeployment partition is ignored and reads 0);
// the reservation strategy overrides strategy.rollingUpdate.maxUnavailable. Pure.
import type { SubsetAdapter } from './types.js';

type Obj = Record<string, unknown>;

export const DEPLOYMENT_SUBSET: SubsetAdapter = {
  templateKind: 'deploymentTemplate',
  ref: { apiVersion: 'apps/v1', kind: 'Deployment' },
  kindName: 'Deployment',
  hasPartition: false,
  specReplicas: (w) => w.spec.replicas ?? 0,
  status: (w) => ({ replicas: w.status?.replicas ?? 0, readyReplicas: w.status?.readyReplicas ?? 0 }),
  currentPartition: () => 0,
  applyPartition: () => {},
  setMaxUnavailable(spec, value) {
    const strategy = (spec['strategy'] ??= {}) as Obj;
    strategy['rollingUpdate'] = { ...((strategy['rollingUpdate'] as Obj | undefined) ?? {}), maxUnavailable: value };
  },
};
