import { describe, expect, it } from '@jest/globals';
import type { CloneSet, CloneSetStatus, CloneSetV1alpha1, CloneSetV1alpha1UpdateStrategyType } from '../src/cloneset.js';
import { convertCloneSet, convertCloneSetToV1alpha1, convertCloneSetToV1beta1, toStorageCloneSet } from '../src/cloneset-conversion.js';
import {
  ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS,
  ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM,
  ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS,
  LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE,
} from '../src/keys.js';

const template = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] },
};

function v1alpha1(spec: Partial<CloneSetV1alpha1['spec']> = {}, metadata: Partial<CloneSetV1alpha1['metadata']> = {}): CloneSetV1alpha1 {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop', ...metadata },
    spec: { selector: { matchLabels: { app: 'web' } }, template: structuredClone(template), ...spec },
  };
}

function v1beta1(spec: Partial<CloneSet['spec']> = {}, metadata: Partial<CloneSet['metadata']> = {}): CloneSet {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop', ...metadata },
    spec: { selector: { matchLabels: { app: 'web' } }, template: structuredClone(template), ...spec },
  };
}

const status: CloneSetStatus = {
  observedGeneration: 3,
  replicas: 5,
  readyReplicas: 4,
  availableReplicas: 4,
  updatedReplicas: 2,
  updatedReadyReplicas: 2,
  updatedAvailableReplicas: 2,
  expectedUpdatedReplicas: 3,
  updateRevision: 'web-abc',
  currentRevision: 'web-def',
  collisionCount: 1,
  conditions: [{ type: 'FailedScale', status: 'True', message: 'boom', lastTransitionTime: '2026-01-01T00:00:00Z' }],
  labelSelector: 'app=web',
};

describe('the PVC-reuse trap (docs/spec/cloneset.md §1.1)', () => {
  it('a v1alpha1 object without disablePVCReuse reuses PVCs once stored', () => {
    const stored = convertCloneSetToV1beta1(v1alpha1());
    expect(stored.spec.scaleStrategy?.enablePVCReuse).toBe(true);
  });

  it('disablePVCReuse: true becomes enablePVCReuse: false', () => {
    expect(convertCloneSetToV1beta1(v1alpha1({ scaleStrategy: { disablePVCReuse: true } })).spec.scaleStrategy?.enablePVCReuse).toBe(false);
  });

  it('a v1beta1 object without enablePVCReuse reads as disablePVCReuse: true in v1alpha1', () => {
    expect(convertCloneSetToV1alpha1(v1beta1()).spec.scaleStrategy).toEqual({ disablePVCReuse: true });
    expect(convertCloneSetToV1alpha1(v1beta1({ scaleStrategy: { enablePVCReuse: true } })).spec.scaleStrategy).toBeUndefined();
  });

  it('the same manifest body behaves differently depending on the version it is written in', () => {
    const viaAlpha = toStorageCloneSet(v1alpha1());
    const viaBeta = toStorageCloneSet(v1beta1());
    expect(viaAlpha.spec.scaleStrategy?.enablePVCReuse).toBe(true);
    expect(viaBeta.spec.scaleStrategy?.enablePVCReuse ?? false).toBe(false);
  });
});

describe('excludePreparingDelete is one-way', () => {
  it('the v1alpha1 label "true" sets the v1beta1 field', () => {
    const labels = { [LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE]: 'true' };
    const stored = convertCloneSetToV1beta1(v1alpha1({}, { labels }));
    expect(stored.spec.scaleStrategy?.excludePreparingDelete).toBe(true);
    expect(stored.metadata.labels).toEqual(labels);
  });

  it.each(['false', 'True', ''])('label value %j does not', (value) => {
    const stored = convertCloneSetToV1beta1(v1alpha1({}, { labels: { [LABEL_CLONESET_SCALING_EXCLUDE_PREPARING_DELETE]: value } }));
    expect(stored.spec.scaleStrategy?.excludePreparingDelete).toBeUndefined();
  });

  it('the reverse conversion drops the field (and adds no label)', () => {
    const alpha = convertCloneSetToV1alpha1(v1beta1({ scaleStrategy: { enablePVCReuse: true, excludePreparingDelete: true } }));
    expect(alpha.spec.scaleStrategy).toBeUndefined();
    expect(alpha.metadata.labels).toBeUndefined();
    expect(convertCloneSetToV1beta1(alpha).spec.scaleStrategy?.excludePreparingDelete).toBeUndefined();
  });
});

describe('updateStrategy type mapping', () => {
  const forward: { type: CloneSetV1alpha1UpdateStrategyType | undefined | 'Bogus'; expected: CloneSet['spec']['updateStrategy'] }[] = [
    { type: 'ReCreate', expected: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate' } } },
    { type: 'InPlaceIfPossible', expected: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } } },
    { type: 'InPlaceOnly', expected: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } } },
    { type: undefined, expected: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate' } } },
    { type: 'Bogus', expected: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate' } } },
    { type: 'OnDelete', expected: { type: 'OnDelete' } },
  ];
  it.each(forward)('v1alpha1 type $type', ({ type, expected }) => {
    const obj = v1alpha1(type === undefined ? {} : { updateStrategy: { type: type as CloneSetV1alpha1UpdateStrategyType } });
    expect(convertCloneSetToV1beta1(obj).spec.updateStrategy).toStrictEqual(expected);
  });

  it('empty string type maps to RollingUpdate + ReCreate', () => {
    const obj = v1alpha1({ updateStrategy: { type: '' as CloneSetV1alpha1UpdateStrategyType } });
    expect(convertCloneSetToV1beta1(obj).spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'ReCreate' } });
  });

  it('OnDelete carries no rolling fields', () => {
    const obj = v1alpha1({ updateStrategy: { type: 'OnDelete', partition: 2, maxSurge: 1, paused: true } });
    expect(convertCloneSetToV1beta1(obj).spec.updateStrategy).toStrictEqual({ type: 'OnDelete' });
  });

  it('moves the rolling fields under rollingUpdate', () => {
    const rolling = {
      partition: '30%',
      maxUnavailable: 2,
      maxSurge: '10%',
      paused: true,
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { a: 'b' } } }] },
      scatterStrategy: [{ key: 'zone', value: 'a' }],
      inPlaceUpdateStrategy: { gracePeriodSeconds: 10 },
    };
    const obj = v1alpha1({ updateStrategy: { type: 'InPlaceIfPossible', ...rolling } });
    expect(convertCloneSetToV1beta1(obj).spec.updateStrategy).toStrictEqual({ type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', ...rolling } });
  });

  it('v1beta1 OnDelete and RollingUpdate map back', () => {
    expect(convertCloneSetToV1alpha1(v1beta1({ updateStrategy: { type: 'OnDelete' } })).spec.updateStrategy).toStrictEqual({ type: 'OnDelete' });
    expect(convertCloneSetToV1alpha1(v1beta1({ updateStrategy: { type: 'RollingUpdate' } })).spec.updateStrategy).toStrictEqual({ type: 'ReCreate' });
    expect(
      convertCloneSetToV1alpha1(v1beta1({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceOnly', partition: 1 } } })).spec
        .updateStrategy,
    ).toStrictEqual({ type: 'InPlaceOnly', partition: 1 });
  });
});

describe('image pre-download annotations <-> inPlaceUpdateStrategy fields', () => {
  const annotations = {
    [ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM]: '5',
    [ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS]: '600',
    [ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS]: '2',
    team: 'payments',
  };

  it('v1alpha1 annotations become fields (and stay in metadata)', () => {
    const stored = convertCloneSetToV1beta1(v1alpha1({ updateStrategy: { type: 'InPlaceIfPossible' } }, { annotations }));
    expect(stored.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy).toStrictEqual({
      imagePreDownloadParallelism: 5,
      imagePreDownloadTimeoutSeconds: 600,
      imagePreDownloadMinUpdatedReadyPods: 2,
    });
    expect(stored.metadata.annotations).toEqual(annotations);
  });

  it('a non-integer parallelism stays a string; non-integer timeouts are ignored', () => {
    const stored = convertCloneSetToV1beta1(
      v1alpha1({}, { annotations: { [ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM]: '50%', [ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS]: 'soon' } }),
    );
    expect(stored.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy).toStrictEqual({ imagePreDownloadParallelism: '50%' });
  });

  it('v1beta1 fields become v1alpha1 annotations', () => {
    const alpha = convertCloneSetToV1alpha1(
      v1beta1(
        {
          updateStrategy: {
            type: 'RollingUpdate',
            rollingUpdate: {
              podUpdatePolicy: 'InPlaceIfPossible',
              inPlaceUpdateStrategy: { gracePeriodSeconds: 5, imagePreDownloadParallelism: 3, imagePreDownloadTimeoutSeconds: 60, imagePreDownloadMinUpdatedReadyPods: 1 },
            },
          },
        },
        { annotations: { team: 'payments' } },
      ),
    );
    expect(alpha.metadata.annotations).toEqual({
      team: 'payments',
      [ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM]: '3',
      [ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS]: '60',
      [ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS]: '1',
    });
    expect(alpha.spec.updateStrategy).toStrictEqual({ type: 'InPlaceIfPossible', inPlaceUpdateStrategy: { gracePeriodSeconds: 5 } });
  });
});

describe('round trips', () => {
  const alphaCases: { name: string; obj: CloneSetV1alpha1 }[] = [
    { name: 'minimal', obj: v1alpha1({ updateStrategy: { type: 'ReCreate' } }) },
    {
      name: 'everything',
      obj: v1alpha1(
        {
          replicas: 5,
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
          revisionHistoryLimit: 4,
          minReadySeconds: 3,
          progressDeadlineSeconds: 600,
          lifecycle: { preDelete: { finalizersHandler: ['x/y'], markPodNotReady: true }, inPlaceUpdate: { labelsHandler: { a: 'b' } } },
          scaleStrategy: { podsToDelete: ['web-abcde'], maxUnavailable: '10%', disablePVCReuse: true },
          updateStrategy: {
            type: 'InPlaceIfPossible',
            partition: 2,
            maxUnavailable: '20%',
            maxSurge: 1,
            paused: false,
            scatterStrategy: [{ key: 'zone', value: 'a' }],
            priorityStrategy: { orderPriority: [{ orderedKey: 'rank' }] },
            inPlaceUpdateStrategy: { gracePeriodSeconds: 10 },
          },
        },
        {
          labels: { app: 'web' },
          annotations: { [ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM]: '4', [ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS]: '30' },
          uid: 'u-1',
          resourceVersion: '7',
          generation: 3,
        },
      ),
    },
    { name: 'OnDelete', obj: v1alpha1({ updateStrategy: { type: 'OnDelete' } }) },
    { name: 'InPlaceOnly with {} strategy', obj: v1alpha1({ updateStrategy: { type: 'InPlaceOnly', inPlaceUpdateStrategy: {} } }) },
  ];
  it.each(alphaCases)('v1alpha1 -> v1beta1 -> v1alpha1 is the identity ($name)', ({ obj }) => {
    const withStatus = { ...obj, status: structuredClone(status) };
    expect(convertCloneSetToV1alpha1(convertCloneSetToV1beta1(withStatus))).toStrictEqual(withStatus);
  });

  const betaCases: { name: string; obj: CloneSet }[] = [
    {
      name: 'rolling in-place with reuse',
      obj: v1beta1({
        replicas: 3,
        scaleStrategy: { enablePVCReuse: true, podsToDelete: ['a'] },
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: {
            podUpdatePolicy: 'InPlaceOnly',
            partition: '50%',
            maxUnavailable: 1,
            maxSurge: 0,
            inPlaceUpdateStrategy: { gracePeriodSeconds: 3, imagePreDownloadParallelism: 2, imagePreDownloadMinUpdatedReadyPods: 1 },
          },
        },
      }),
    },
    { name: 'OnDelete, no reuse', obj: v1beta1({ scaleStrategy: { enablePVCReuse: false }, updateStrategy: { type: 'OnDelete' } }) },
  ];
  it.each(betaCases)('v1beta1 -> v1alpha1 -> v1beta1 is the identity ($name)', ({ obj }) => {
    const withStatus = { ...obj, status: structuredClone(status) };
    const back = convertCloneSetToV1beta1(convertCloneSetToV1alpha1(withStatus));
    // Annotations written for v1alpha1 clients stay in metadata; everything else is unchanged.
    const { annotations: _annotations, ...metadata } = back.metadata;
    expect({ ...back, metadata }).toStrictEqual(withStatus);
  });

  it('status is copied verbatim in both directions', () => {
    expect(convertCloneSetToV1beta1({ ...v1alpha1(), status }).status).toStrictEqual(status);
    expect(convertCloneSetToV1alpha1({ ...v1beta1(), status }).status).toStrictEqual(status);
  });

  it('never modifies its input', () => {
    const alpha = v1alpha1({ updateStrategy: { type: 'InPlaceOnly' } }, { annotations: { [ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM]: '1' } });
    const alphaCopy = structuredClone(alpha);
    const stored = convertCloneSetToV1beta1(alpha);
    expect(alpha).toStrictEqual(alphaCopy);
    stored.spec.template.spec.containers[0]!.image = 'changed';
    expect(alpha.spec.template.spec.containers[0]!.image).toBe('nginx:1.25');
    const storedCopy = structuredClone(stored);
    convertCloneSetToV1alpha1(stored);
    expect(stored).toStrictEqual(storedCopy);
  });
});

describe('toStorageCloneSet / convertCloneSet', () => {
  it('accepts either version and returns v1beta1', () => {
    expect(toStorageCloneSet(v1alpha1()).apiVersion).toBe('apps.kruise.io/v1beta1');
    const beta = v1beta1({ replicas: 2 });
    const stored = toStorageCloneSet(beta);
    expect(stored).toStrictEqual(beta);
    expect(stored).not.toBe(beta);
  });

  it('refuses other apiVersions', () => {
    expect(() => toStorageCloneSet({ ...v1beta1(), apiVersion: 'apps/v1' } as unknown as CloneSet)).toThrow(/unsupported CloneSet apiVersion "apps\/v1"/);
  });

  it('serves the requested version', () => {
    expect(convertCloneSet(v1beta1(), 'v1alpha1').apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(convertCloneSet(v1alpha1(), 'v1beta1').apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(convertCloneSet(v1alpha1(), 'v1alpha1')).toStrictEqual(v1alpha1());
  });

  it('drops spec fields neither version knows', () => {
    const obj = v1alpha1();
    (obj.spec as unknown as Record<string, unknown>)['bogus'] = 1;
    expect(convertCloneSetToV1beta1(obj).spec).not.toHaveProperty('bogus');
  });
});
