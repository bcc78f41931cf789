import { describe, expect, it } from '@jest/globals';
import * as imagePull from '../src/image-pull.js';
import * as wellKnown from '../src/keys.js';
import { LIFECYCLE_STATES, SIM_ANNOTATIONS } from '../src/keys.js';
import { Selector } from '../src/labels.js';

// Every module that declares well-known keys (keys.ts; image-pull.ts for ImagePullJob's and CRR's).
const api = { ...wellKnown, ...imagePull };
const exported = Object.entries(api as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
const keys = exported.filter(([name]) => name.startsWith('LABEL_') || name.startsWith('ANNOTATION_'));

describe('well-known keys', () => {
  it('export the keys the specs name', () => {
    expect(Object.fromEntries(keys)).toMatchObject({
      LABEL_CONTROLLER_REVISION_HASH: 'controller-revision-hash',
      LABEL_POD_TEMPLATE_HASH: 'pod-template-hash',
      LABEL_CLONESET_INSTANCE_ID: 'apps.kruise.io/cloneset-instance-id',
      LABEL_SPECIFIED_DELETE: 'apps.kruise.io/specified-delete',
      LABEL_LIFECYCLE_STATE: 'lifecycle.apps.kruise.io/state',
      LABEL_SUBSET_NAME: 'apps.kruise.io/subset-name',
      LABEL_STATEFULSET_POD_NAME: 'statefulset.kubernetes.io/pod-name',
      LABEL_TOPOLOGY_ZONE: 'topology.kubernetes.io/zone',
      LABEL_HOSTNAME: 'kubernetes.io/hostname',
      ANNOTATION_LIFECYCLE_TIMESTAMP: 'lifecycle.apps.kruise.io/timestamp',
      ANNOTATION_INPLACE_UPDATE_STATE: 'apps.kruise.io/inplace-update-state',
      ANNOTATION_INPLACE_UPDATE_GRACE: 'apps.kruise.io/inplace-update-grace',
      ANNOTATION_POD_DELETION_COST: 'controller.kubernetes.io/pod-deletion-cost',
    });
    expect(api.CONDITION_INPLACE_UPDATE_READY).toBe('InPlaceUpdateReady');
    expect(api.CONDITION_KRUISE_POD_READY).toBe('KruisePodReady');
    expect(SIM_ANNOTATIONS.NeverReady).toBe('sim.coxswain.io/never-ready');
  });

  it('give every key exactly one name', () => {
    const byValue = new Map<string, string[]>();
    for (const [name, value] of [...keys, ...Object.entries(SIM_ANNOTATIONS)]) {
      byValue.set(value, [...(byValue.get(value) ?? []), name]);
    }
    const duplicated = [...byValue.entries()].filter(([, names]) => names.length > 1);
    expect(duplicated).toEqual([]);
  });

  it.each([...keys, ...Object.entries(SIM_ANNOTATIONS)])('%s (%s) is a valid qualified name', (_name, key) => {
    expect(() => Selector.parse(key)).not.toThrow();
  });

  it('list the six lifecycle states under their own names', () => {
    expect(Object.entries(LIFECYCLE_STATES).every(([name, value]) => name === value)).toBe(true);
    expect(Object.keys(LIFECYCLE_STATES)).toHaveLength(6);
  });
});
