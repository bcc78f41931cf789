// Builds the objects a CloneSet creates for one instance (docs/spec/cloneset.md §2.1, §2.2): the pod of a given
// revision and its PVCs. Pure: the caller passes the instance id, the revision and the time.
import {
  ANNOTATION_LIFECYCLE_TIMESTAMP, CONDITION_INPLACE_UPDATE_READY, LABEL_CLONESET_INSTANCE_ID,
  LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, LABEL_POD_TEMPLATE_HASH,
  type CloneSet, type PersistentVolumeClaim, type Pod,
} from '@coxswain/kruise-api';
import { cloneSetControllerRef } from '../../ownership/controller-ref.js';
import { withClaimVolumes } from '../../pod/claim-volumes.js';
import { lifecycleTimestamp } from '../../pod/time.js';

export interface NewInstanceInput {
  /** The CloneSet with its template set to the target revision's template. */
  cs: CloneSet;
  instanceId: string;
  /** The ControllerRevision name, `<cloneset>-<hash>`. */
  revisionName: string;
  /** Gate CloneSetShortHash: the pod label carries only `<hash>`. */
  shortHash: boolean;
  /** Creation time, ms since the epoch. */
  now: number;
}

export interface NewInstance {
  pod: Pod;
  pvcs: PersistentVolumeClaim[];
}

export function claimName(templateName: string, csName: string, instanceId: string): string {
  return `${templateName}-${csName}-${instanceId}`;
}

export function newInstance({ cs, instanceId, revisionName, shortHash, now }: NewInstanceInput): NewInstance {
  const csName = cs.metadata.name!;
  const template = cs.spec.template;
  const hash = revisionName.slice(revisionName.lastIndexOf('-') + 1);
  const owner = cloneSetControllerRef(cs);
  const claimTemplates = cs.spec.volumeClaimTemplates ?? [];

  // Kruise's CloneSet controller adds the in-place update gate (inplaceupdate.InjectReadinessGate); the
  // KruisePodReady gate, through which lifecycle hooks with markPodNotReady take a pod out of traffic, is
  // appended by the pod webhook when the pod is created (admission, in both modes), after this one.
  const readinessGates = [...(template.spec.readinessGates ?? [])];
  if (!readinessGates.some((g) => g.conditionType === CONDITION_INPLACE_UPDATE_READY)) readinessGates.push({ conditionType: CONDITION_INPLACE_UPDATE_READY });

  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${csName}-${instanceId}`,
      generateName: `${csName}-`,
      namespace: cs.metadata.namespace,
      labels: {
        ...(template.metadata?.labels ?? {}),
        [LABEL_CONTROLLER_REVISION_HASH]: shortHash ? hash : revisionName,
        [LABEL_POD_TEMPLATE_HASH]: hash,
        [LABEL_CLONESET_INSTANCE_ID]: instanceId,
        [LABEL_LIFECYCLE_STATE]: 'PreparingNormal',
      },
      annotations: { ...(template.metadata?.annotations ?? {}), [ANNOTATION_LIFECYCLE_TIMESTAMP]: lifecycleTimestamp(now) },
      ...(template.metadata?.finalizers?.length ? { finalizers: [...template.metadata.finalizers] } : {}),
      ownerReferences: [owner],
    },
    spec: {
      ...structuredClone(template.spec),
      readinessGates,
      volumes: withClaimVolumes(claimTemplates, (t) => claimName(t.metadata.name!, csName, instanceId), template.spec.volumes),
    },
  };

  const pvcs: PersistentVolumeClaim[] = claimTemplates.map((t) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: claimName(t.metadata.name!, csName, instanceId),
      namespace: cs.metadata.namespace,
      labels: { ...(t.metadata.labels ?? {}), ...(cs.spec.selector.matchLabels ?? {}), [LABEL_CLONESET_INSTANCE_ID]: instanceId },
      ...(t.metadata.annotations ? { annotations: { ...t.metadata.annotations } } : {}),
      ownerReferences: [owner],
    },
    spec: structuredClone(t.spec),
  }));
  return { pod, pvcs };
}
