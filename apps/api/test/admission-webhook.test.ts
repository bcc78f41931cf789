// Kruise's admission webhooks served by Coxswain in Kubernetes mode, sent AdmissionReviews as the API
// server sends them: over HTTPS verified with the caBundle Coxswain wrote into the webhook configurations,
// for the Service's DNS name. The mutating webhook answers a JSONPatch in the request's version that turns
// the object into what the embedded cluster stores for the same object (one admission for both modes);
// the validating webhook refuses with 422 Invalid, the API server's message and a cause per field, reading
// the pods CloneSet's podsToDelete names from the cluster; every answer echoes the request's uid; a review
// of another kind, or a body that is not a review, gets a clear 400.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ManualClock, MemoryPersistence, EmbeddedStore, kruiseAdmission } from '@coxswain/cluster';
import { convertCloneSet, FeatureGates, type CloneSet, type KubeObject, type OwnerReference, type Pod } from '@coxswain/kruise-api';
import { applyJsonPatch } from '../src/kube-api/patches/json-patch.js';
import { admissionReview, WebhookRig, type WebhookReplica } from './support/webhook-rig.js';

const MUTATE_CLONESET = '/mutate-apps-kruise-io-v1alpha1-cloneset';
const VALIDATE_CLONESET = '/validate-apps-kruise-io-v1alpha1-cloneset';
const CLONESET_V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };

/** A v1alpha1 CloneSet as a user writes it: no defaults at all. */
function cloneSet(name: string, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name, namespace: 'shop' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'main', image: 'web:v1' }] } },
      ...spec,
    },
  };
}

function decodePatch(response: { patch?: string }): { op: string; path: string; value?: unknown }[] {
  return JSON.parse(Buffer.from(response.patch!, 'base64').toString('utf8'));
}

let rig: WebhookRig;
let webhook: WebhookReplica;

beforeAll(async () => {
  rig = await WebhookRig.start();
  webhook = await rig.replica();
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

describe('the mutating webhook', () => {
  it('answers a v1alpha1 CloneSet without defaults with a JSONPatch that applying yields Kruise\'s defaults, in v1alpha1', async () => {
    const object = cloneSet('web');
    const review = admissionReview('CREATE', object);
    const { status, body } = await rig.post(webhook, MUTATE_CLONESET, review);
    expect(status).toBe(200);
    expect(body).toMatchObject({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true, patchType: 'JSONPatch' } });
    const patched = applyJsonPatch(object, decodePatch(body.response)) as KubeObject & { spec: any };
    expect(patched.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(patched.spec.revisionHistoryLimit).toBe(10);
    expect(patched.spec.updateStrategy).toEqual({ type: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 });
    expect(patched.spec.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 });
    expect(patched.spec.template.spec.containers[0]).toMatchObject({ imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' });

    // What the embedded cluster stores for the same write, read back in v1alpha1, is the patched object.
    const store = await EmbeddedStore.open({ clock: new ManualClock(), persistence: new MemoryPersistence(), admission: kruiseAdmission() });
    try {
      await store.create(object);
      const stored = convertCloneSet(await store.get<CloneSet>(CLONESET_V1BETA1, 'shop', 'web'), 'v1alpha1');
      expect(stored.spec).toEqual(patched.spec);
    } finally {
      await store.close();
    }
  });

  it('allows an object that has its defaults with no patch, whether or not the request is a dry run', async () => {
    const object = cloneSet('web');
    const first = await rig.post(webhook, MUTATE_CLONESET, admissionReview('CREATE', object));
    const defaulted = applyJsonPatch(object, decodePatch(first.body.response)) as KubeObject;
    for (const dryRun of [false, true]) {
      const review = admissionReview('CREATE', defaulted, { dryRun });
      const { body } = await rig.post(webhook, MUTATE_CLONESET, review);
      expect(body.response).toEqual({ uid: review.request.uid, allowed: true });
    }
  });

  it('patches an Advanced StatefulSet in the version it was written in', async () => {
    const v1beta1: KubeObject = {
      apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' },
      spec: { replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'main', image: 'db:v1' }] } } },
    };
    const beta = await rig.post(webhook, '/mutate-apps-kruise-io-statefulset', admissionReview('CREATE', v1beta1));
    const patchedBeta = applyJsonPatch(v1beta1, decodePatch(beta.body.response)) as KubeObject & { spec: any };
    expect(patchedBeta.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: 'ReCreate', minReadySeconds: 0 } });
    expect(patchedBeta.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenDeleted: 'Retain', whenScaled: 'Retain' });
    expect(patchedBeta.spec.podManagementPolicy).toBe('OrderedReady');

    // v1alpha1 has no retention policy: the patch adds none.
    const v1alpha1 = { ...v1beta1, apiVersion: 'apps.kruise.io/v1alpha1' };
    const alpha = await rig.post(webhook, '/mutate-apps-kruise-io-statefulset', admissionReview('CREATE', v1alpha1));
    const patchedAlpha = applyJsonPatch(v1alpha1, decodePatch(alpha.body.response)) as KubeObject & { spec: any };
    expect(patchedAlpha.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(patchedAlpha.spec.persistentVolumeClaimRetentionPolicy).toBeUndefined();
    expect(patchedAlpha.spec.updateStrategy.rollingUpdate.podUpdatePolicy).toBe('ReCreate');
  });

  it('on UPDATE, leaves an unchanged template without new defaults (no new revision), as Kruise does', async () => {
    const old = cloneSet('web');
    const object = cloneSet('web', { replicas: 5 });
    const { body } = await rig.post(webhook, MUTATE_CLONESET, admissionReview('UPDATE', object, { oldObject: old }));
    const paths = decodePatch(body.response).map((op) => op.path);
    expect(paths.some((p) => p.startsWith('/spec/template'))).toBe(false);
    expect(paths).toContain('/spec/updateStrategy');
  });
});

describe('the validating webhook', () => {
  it('refuses an invalid CloneSet with 422 Invalid, the API server\'s message and a cause per field', async () => {
    const object = cloneSet('web', { replicas: -1, updateStrategy: { type: 'Sometimes', partition: 0, maxUnavailable: '20%', maxSurge: 0 } });
    const review = admissionReview('CREATE', object);
    const { status, body } = await rig.post(webhook, VALIDATE_CLONESET, review);
    expect(status).toBe(200);
    expect(body.response.uid).toBe(review.request.uid);
    expect(body.response.allowed).toBe(false);
    expect(body.response.status).toMatchObject({ code: 422, reason: 'Invalid', status: 'Failure' });
    expect(body.response.status.message).toBe(
      'CloneSet.apps.kruise.io "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, ' +
      'spec.updateStrategy.type: Unsupported value: "Sometimes": supported values: "ReCreate", "InPlaceIfPossible", "InPlaceOnly"]',
    );
    expect(body.response.status.details).toEqual({
      name: 'web', group: 'apps.kruise.io', kind: 'CloneSet',
      causes: [
        { reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'spec.replicas' },
        { reason: 'FieldValueNotSupported', message: 'Unsupported value: "Sometimes": supported values: "ReCreate", "InPlaceIfPossible", "InPlaceOnly"', field: 'spec.updateStrategy.type' },
      ],
    });
  });

  it('allows a valid CloneSet, and a dry run the same', async () => {
    const first = await rig.post(webhook, MUTATE_CLONESET, admissionReview('CREATE', cloneSet('web')));
    const defaulted = applyJsonPatch(cloneSet('web'), decodePatch(first.body.response)) as KubeObject;
    for (const dryRun of [false, true]) {
      const review = admissionReview('CREATE', defaulted, { dryRun });
      expect((await rig.post(webhook, VALIDATE_CLONESET, review)).body.response).toEqual({ uid: review.request.uid, allowed: true });
    }
  });

  it('reads the pods podsToDelete names from the cluster: another owner\'s pod and a missing one are refused', async () => {
    const owner = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web', uid: 'uid-of-web', controller: true };
    const pod = (name: string, uid: string) => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', ownerReferences: [{ ...owner, uid }] }, spec: { containers: [{ name: 'main', image: 'web:v1' }] },
    });
    await rig.store.create(pod('web-mine', 'uid-of-web'));
    await rig.store.create(pod('web-theirs', 'uid-of-another'));
    const old = { ...cloneSet('web'), metadata: { name: 'web', namespace: 'shop', uid: 'uid-of-web' } };
    const refusedReview = admissionReview('UPDATE', { ...old, spec: { ...(old.spec as object), scaleStrategy: { podsToDelete: ['web-mine', 'web-theirs', 'web-gone'] } } }, { oldObject: old });
    const refused = await rig.post(webhook, VALIDATE_CLONESET, refusedReview);
    expect(refused.body.response.allowed).toBe(false);
    expect(refused.body.response.status.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.scaleStrategy.podsToDelete[2]', message: 'Invalid value: "web-gone": find pod web-gone failed: pods "web-gone" not found' },
      { reason: 'FieldValueInvalid', field: 'spec.scaleStrategy.podsToDelete[1]', message: 'Invalid value: "web-theirs": find pod web-theirs owner is not this CloneSet' },
    ]);
    const allowedReview = admissionReview('UPDATE', { ...old, spec: { ...(old.spec as object), scaleStrategy: { podsToDelete: ['web-mine'] } } }, { oldObject: old });
    expect((await rig.post(webhook, VALIDATE_CLONESET, allowedReview)).body.response).toEqual({ uid: allowedReview.request.uid, allowed: true });
  });

  it('allows DELETE and CONNECT (Kruise checks deletions only behind its ResourcesDeletionProtection gate, off by default)', async () => {
    const deletion = admissionReview('DELETE', undefined, { oldObject: cloneSet('web') });
    expect((await rig.post(webhook, VALIDATE_CLONESET, deletion)).body.response).toEqual({ uid: deletion.request.uid, allowed: true });
    const connect = admissionReview('CONNECT', cloneSet('web'));
    expect((await rig.post(webhook, VALIDATE_CLONESET, connect)).body.response).toEqual({ uid: connect.request.uid, allowed: true });
  });

  it('validates UnitedDeployments and Advanced StatefulSets at their own paths', async () => {
    const ud = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'ud', namespace: 'shop' }, spec: { replicas: 2, selector: { matchLabels: { app: 'ud' } } } };
    const review = admissionReview('CREATE', ud);
    const { body } = await rig.post(webhook, '/validate-apps-kruise-io-v1alpha1-uniteddeployment', review);
    expect(body.response.allowed).toBe(false);
    expect(body.response.status.message).toMatch(/^UnitedDeployment\.apps\.kruise\.io "ud" is invalid: /);
    const sts = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' }, spec: { replicas: 1, selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'main', image: 'db:v1' }] } } } };
    const stsReview = admissionReview('CREATE', sts);
    const stsAnswer = await rig.post(webhook, '/validate-apps-kruise-io-statefulset', stsReview);
    expect(stsAnswer.body.response.status.details.causes.map((c: { field: string }) => c.field)).toContain('spec.template.metadata.labels');
  });
});

describe('the image-pull kinds\' webhooks (docs/spec/image-pull.md §2)', () => {
  const job = (apiVersion: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion, kind: 'ImagePullJob', metadata: { name: 'warm', namespace: 'shop' }, spec });

  it('defaults a v1alpha1 ImagePullJob as Kruise does, with the protection finalizer the controller removes', async () => {
    const object = job('apps.kruise.io/v1alpha1', { image: 'nginx:1.25' });
    const { body } = await rig.post(webhook, '/mutate-apps-kruise-io-imagepulljob', admissionReview('CREATE', object));
    expect(body.response.allowed).toBe(true);
    const patched = applyJsonPatch(object, decodePatch(body.response)) as KubeObject & { spec: Record<string, unknown> };
    expect(patched.metadata.finalizers).toEqual(['apps.kruise.io/deletion-protection']);
    expect(patched.spec).toEqual({ image: 'nginx:1.25', completionPolicy: { type: 'Always' }, pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 }, imagePullPolicy: 'IfNotPresent' });
  });

  it('refuses every ImagePullJob while ImagePullJobGate is off, in Kruise\'s words (403)', async () => {
    const { body } = await rig.post(webhook, '/validate-apps-kruise-io-imagepulljob', admissionReview('CREATE', job('apps.kruise.io/v1beta1', { image: 'nginx' })));
    expect(body.response.allowed).toBe(false);
    expect(body.response.status).toMatchObject({ code: 403, reason: 'Forbidden', message: 'feature-gate ImagePullJobGate is not enabled' });
  });

  it('defaults a NodeImage\'s tags and refuses one without a TTL, naming the field', async () => {
    const nodeImage: KubeObject = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'node-1' }, spec: { images: { nginx: { tags: [{ tag: '1.25' }] } } } } as KubeObject;
    const mutated = await rig.post(webhook, '/mutate-apps-kruise-io-nodeimage', admissionReview('CREATE', nodeImage));
    const patched = applyJsonPatch(nodeImage, decodePatch(mutated.body.response)) as KubeObject & { spec: { images: { nginx: { tags: Record<string, unknown>[] } } } };
    expect(patched.spec.images.nginx.tags[0]).toMatchObject({ tag: '1.25', createdAt: expect.any(String), pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 } });
    const validated = await rig.post(webhook, '/validate-apps-kruise-io-nodeimage', admissionReview('CREATE', patched));
    expect(validated.body.response.allowed).toBe(false);
    expect(validated.body.response.status.details.causes).toContainEqual(expect.objectContaining({
      field: 'spec.images[nginx].tags[0].pullPolicy.ttlSecondsAfterFinished',
    }));
  });
});

describe('Kruise Rollouts\' webhooks', () => {
  const rollout = (apiVersion: string, name = 'demo', workloadRef: object = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' }) => ({
    apiVersion, kind: 'Rollout', metadata: { name, namespace: 'shop' },
    spec: { ...(apiVersion.endsWith('v1alpha1') ? { objectRef: { workloadRef } } : { workloadRef }), strategy: { canary: { steps: [{ replicas: '20%' }, { replicas: '100%' }] } } },
  });
  const batchRelease = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'BatchRelease', metadata: { name: 'demo', namespace: 'shop' }, spec: { workloadRef: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'web' }, releasePlan: { batches: [{ canaryReplicas: '20%' }] } } };

  it('admits Rollout and BatchRelease writes in both versions (their controllers act on them)', async () => {
    const cases: [string, KubeObject, 'CREATE' | 'UPDATE'][] = [
      ['/validate-rollouts-kruise-io-rollout', rollout('rollouts.kruise.io/v1beta1') as KubeObject, 'CREATE'],
      ['/validate-rollouts-kruise-io-rollout', rollout('rollouts.kruise.io/v1alpha1') as KubeObject, 'UPDATE'],
      ['/validate-rollouts-kruise-io-batchrelease', batchRelease as KubeObject, 'CREATE'],
    ];
    for (const [path, object, operation] of cases) {
      const review = admissionReview(operation, object, operation === 'UPDATE' ? { oldObject: object } : {});
      expect((await rig.post(webhook, path, review)).body.response).toEqual({ uid: review.request.uid, allowed: true });
    }
  });

  it('refuses a second Rollout of the same workload, reading the namespace\'s Rollouts from the cluster (docs/spec/kruise-rollout.md §1.8)', async () => {
    await rig.store.create(rollout('rollouts.kruise.io/v1beta1', 'first') as KubeObject);
    const review = admissionReview('CREATE', rollout('rollouts.kruise.io/v1beta1', 'second') as KubeObject);
    const { body } = await rig.post(webhook, '/validate-rollouts-kruise-io-rollout', review);
    expect(body.response.allowed).toBe(false);
    expect(body.response.status.details.causes).toEqual([
      { field: 'Conflict Checker', reason: 'FieldValueInvalid', message: 'Invalid value: "second": This rollout conflict with Rollout(shop/first), one workload only have less than one Rollout' },
    ]);
  });

  it('freezes a v1alpha1 CloneSet a Rollout references at Kruise\'s CloneSet path (mcloneset.kb.io serves both), docs/spec/kruise-rollout.md §4.3', async () => {
    await rig.store.create(rollout('rollouts.kruise.io/v1beta1', 'web-rollout', { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'frozen' }) as KubeObject);
    const cloneSet = (image: string): KubeObject => ({
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'frozen', namespace: 'shop', labels: { 'rollouts.kruise.io/workload-type': 'cloneset' } },
      spec: { replicas: 5, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } } },
    } as KubeObject);
    const review = admissionReview('UPDATE', cloneSet('web:v2'), { oldObject: cloneSet('web:v1') });
    const { body } = await rig.post(webhook, '/mutate-apps-kruise-io-v1alpha1-cloneset', review);
    const patched = applyJsonPatch(cloneSet('web:v2'), decodePatch(body.response)) as KubeObject & { spec: { updateStrategy: { partition: string } } };
    expect(patched.spec.updateStrategy.partition).toBe('100%');
    expect(patched.metadata.annotations).toEqual({ 'rollouts.kruise.io/in-progressing': '{"rolloutName":"web-rollout"}' });
  });

  it('freezes an apps/v1 StatefulSet a Rollout references when its template changes (mnativestatefulset.kb.io, docs/spec/kruise-rollout.md §4)', async () => {
    await rig.store.create(rollout('rollouts.kruise.io/v1beta1', 'db-rollout', { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' }) as KubeObject);
    const set = (image: string): KubeObject => ({
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop', labels: { 'rollouts.kruise.io/workload-type': 'statefulset' } },
      spec: {
        replicas: 3, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, podManagementPolicy: 'OrderedReady',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image }] } },
      },
    } as KubeObject);
    const review = admissionReview('UPDATE', set('db:v2'), { oldObject: set('db:v1') });
    const { body } = await rig.post(webhook, '/mutate-apps-v1-statefulset', review);
    expect(body.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    const patched = applyJsonPatch(set('db:v2'), decodePatch(body.response)) as KubeObject & { spec: { updateStrategy: { rollingUpdate: { partition: number } } } };
    expect(patched.spec.updateStrategy.rollingUpdate.partition).toBe(32767);
    expect(patched.metadata.annotations).toEqual({ 'rollouts.kruise.io/in-progressing': '{"rolloutName":"db-rollout"}' });
    // A scaling is no revision change: not frozen (the patch has the API server's defaults only).
    const scaledSet = { ...set('db:v1'), spec: { ...(set('db:v1') as unknown as { spec: object }).spec, replicas: 4 } } as KubeObject;
    const scaled = admissionReview('UPDATE', scaledSet, { oldObject: set('db:v1') });
    const notFrozen = applyJsonPatch(scaledSet, decodePatch((await rig.post(webhook, '/mutate-apps-v1-statefulset', scaled)).body.response)) as typeof patched;
    expect(notFrozen.spec.updateStrategy.rollingUpdate.partition).toBe(0);
    expect(notFrozen.metadata.annotations).toBeUndefined();
  });

  it('pauses an apps/v1 Deployment a canary-style Rollout references when its template changes, reading its ReplicaSets from the cluster (mdeployment.kb.io, docs/spec/kruise-rollout.md §4.3)', async () => {
    const withExtra = rollout('rollouts.kruise.io/v1beta1', 'api-rollout', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' }) as KubeObject & { spec: { strategy: { canary: Record<string, unknown> } } };
    withExtra.spec.strategy.canary['enableExtraWorkloadForCanary'] = true;
    await rig.store.create(withExtra);
    const deployment = (image: string): KubeObject => ({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop', uid: 'api-uid', labels: { 'rollouts.kruise.io/workload-type': 'deployment' } },
      spec: { replicas: 3, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'api', image }] } } },
    } as KubeObject);
    await rig.store.create({
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: { name: 'api-5d88cbd9df', namespace: 'shop', labels: { app: 'api', 'pod-template-hash': '5d88cbd9df' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', uid: 'api-uid', controller: true }] },
      spec: { replicas: 3, selector: { matchLabels: { app: 'api', 'pod-template-hash': '5d88cbd9df' } }, template: { metadata: { labels: { app: 'api', 'pod-template-hash': '5d88cbd9df' } }, spec: { containers: [{ name: 'api', image: 'api:v1' }] } } },
    } as KubeObject);
    const review = admissionReview('UPDATE', deployment('api:v2'), { oldObject: deployment('api:v1') });
    const { body } = await rig.post(webhook, '/mutate-apps-v1-deployment', review);
    expect(body.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    const patched = applyJsonPatch(deployment('api:v2'), decodePatch(body.response)) as KubeObject & { spec: { paused?: boolean } };
    expect(patched.spec.paused).toBe(true);
    expect(patched.metadata.labels?.['rollouts.kruise.io/stable-revision']).toBe('5d88cbd9df');
    expect(patched.metadata.annotations).toEqual({ 'rollouts.kruise.io/in-progressing': '{"rolloutName":"api-rollout"}' });
  });
});

describe('the pod webhook (mpod.kb.io)', () => {
  const MUTATE_POD = '/mutate-pod';
  const controller = (apiVersion: string, kind: string): OwnerReference => ({ apiVersion, kind, name: 'web', uid: `uid-${kind}`, controller: true, blockOwnerDeletion: true });
  const pod = (name: string, owner: OwnerReference | undefined, gates?: object[]): KubeObject => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'shop', ...(owner ? { ownerReferences: [owner] } : {}) },
    spec: { containers: [{ name: 'main', image: 'web:v1' }], ...(gates ? { readinessGates: gates } : {}) },
  });

  it('appends KruisePodReady to a pod a Kruise workload creates, after the controller\'s own gate: what the embedded cluster stores', async () => {
    const object = pod('web-abcde', controller('apps.kruise.io/v1beta1', 'CloneSet'), [{ conditionType: 'InPlaceUpdateReady' }]);
    const review = admissionReview('CREATE', object);
    const { status, body } = await rig.post(webhook, MUTATE_POD, review);
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ uid: review.request.uid, allowed: true, patchType: 'JSONPatch' });
    const patched = applyJsonPatch(object, decodePatch(body.response)) as Pod;
    expect(patched.spec.readinessGates).toEqual([{ conditionType: 'InPlaceUpdateReady' }, { conditionType: 'KruisePodReady' }]);
    expect({ ...patched, spec: { ...patched.spec, readinessGates: undefined } }).toEqual({ ...object, spec: { ...(object as Pod).spec, readinessGates: undefined } });

    // One admission for both modes: the embedded cluster (the rig's) stores the same gates for the same create.
    await rig.store.create(object);
    expect((await rig.store.get<Pod>({ apiVersion: 'v1', kind: 'Pod' }, 'shop', 'web-abcde')).spec.readinessGates).toEqual(patched.spec.readinessGates);
  });

  it.each<[string, KubeObject, 'CREATE' | 'UPDATE']>([
    ['an Advanced StatefulSet\'s pod (v1alpha1 reference) gets it too', pod('db-0', controller('apps.kruise.io/v1alpha1', 'StatefulSet')), 'CREATE'],
  ])('%s', async (_what, object, operation) => {
    const review = admissionReview(operation, object);
    const patched = applyJsonPatch(object, decodePatch((await rig.post(webhook, MUTATE_POD, review)).body.response)) as Pod;
    expect(patched.spec.readinessGates).toEqual([{ conditionType: 'KruisePodReady' }]);
  });

  it.each<[string, KubeObject, 'CREATE' | 'UPDATE']>([
    ['an apps/v1 StatefulSet\'s pod', pod('db-0', controller('apps/v1', 'StatefulSet')), 'CREATE'],
    ['a ReplicaSet\'s pod', pod('web-x', controller('apps/v1', 'ReplicaSet')), 'CREATE'],
    ['a pod without owners', pod('lone', undefined), 'CREATE'],
    ['a Kruise pod that has the gate already', pod('web-y', controller('apps.kruise.io/v1alpha1', 'CloneSet'), [{ conditionType: 'KruisePodReady' }]), 'CREATE'],
    ['an UPDATE (the rule is CREATE only; nothing is added if one is sent)', pod('web-z', controller('apps.kruise.io/v1alpha1', 'CloneSet')), 'UPDATE'],
  ])('allows %s unchanged, with no patch', async (_what, object, operation) => {
    const review = admissionReview(operation, object, operation === 'UPDATE' ? { oldObject: object } : {});
    expect((await rig.post(webhook, MUTATE_POD, review)).body.response).toEqual({ uid: review.request.uid, allowed: true });
  });

  it('refuses a review of a pod at a Kruise path and of a Kruise kind at the pod path with 400', async () => {
    const review = admissionReview('CREATE', cloneSet('web'));
    expect((await rig.post(webhook, MUTATE_POD, review)).body.response.status).toMatchObject({ code: 400, message: '/mutate-pod admits Pod (core), not CloneSet (apps.kruise.io/v1alpha1)' });
  });
});

describe('the image-pull webhooks (ImagePullJob, NodeImage, ContainerRecreateRequest)', () => {
  const job = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob', metadata: { name: 'warm', namespace: 'shop' }, spec });

  it('defaults an ImagePullJob at the mutating webhook, and refuses it at the validating one while ImagePullJobGate is off (403, Kruise\'s words)', async () => {
    const object = job({ image: 'nginx:1.25' });
    const mutated = await rig.post(webhook, '/mutate-apps-kruise-io-imagepulljob', admissionReview('CREATE', object));
    const patched = applyJsonPatch(object, decodePatch(mutated.body.response)) as KubeObject & { spec: any };
    expect(patched.spec).toEqual({ image: 'nginx:1.25', completionPolicy: { type: 'Always' }, pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 }, imagePullPolicy: 'IfNotPresent' });
    const review = admissionReview('CREATE', patched);
    expect((await rig.post(webhook, '/validate-apps-kruise-io-imagepulljob', review)).body.response).toEqual({
      uid: review.request.uid, allowed: false, status: { metadata: {}, status: 'Failure', code: 403, reason: 'Forbidden', message: 'feature-gate ImagePullJobGate is not enabled' },
    });
  });

  it('with ImagePullJobGate on, validates an ImagePullJob: Kruise\'s messages as field causes', async () => {
    const gated = await rig.replica({ gates: FeatureGates.from({ ImagePullJobGate: true }) });
    const invalid = admissionReview('CREATE', job({ image: 'Nginx', parallelism: '50%', completionPolicy: { type: 'Always' } }));
    const { body } = await rig.post(gated, '/validate-apps-kruise-io-imagepulljob', invalid);
    expect(body.response).toMatchObject({ uid: invalid.request.uid, allowed: false, status: { code: 422, reason: 'Invalid' } });
    expect(body.response.status.details.causes.map((c: { field: string }) => c.field)).toEqual(['spec.image', 'spec.parallelism']);
    const valid = admissionReview('CREATE', job({ image: 'nginx:1.25', completionPolicy: { type: 'Always' }, pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 } }));
    expect((await rig.post(gated, '/validate-apps-kruise-io-imagepulljob', valid)).body.response).toEqual({ uid: valid.request.uid, allowed: true });
  });

  it('defaults a NodeImage\'s tags (createdAt from the webhook\'s clock, sorted) and refuses a tag without a TTL', async () => {
    const object: KubeObject = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'node-1' }, spec: { images: { nginx: { tags: [{ tag: 'b', pullPolicy: { ttlSecondsAfterFinished: 60 } }, { tag: 'a', pullPolicy: { ttlSecondsAfterFinished: 60 } }] } } } } as KubeObject;
    const { body } = await rig.post(webhook, '/mutate-apps-kruise-io-nodeimage', admissionReview('CREATE', object, { resource: 'nodeimages' }));
    const patched = applyJsonPatch(object, decodePatch(body.response)) as KubeObject & { spec: any };
    const createdAt = new Date(rig.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(patched.spec.images.nginx.tags).toEqual([
      { tag: 'a', createdAt, pullPolicy: { ttlSecondsAfterFinished: 60, timeoutSeconds: 600, backoffLimit: 3 } },
      { tag: 'b', createdAt, pullPolicy: { ttlSecondsAfterFinished: 60, timeoutSeconds: 600, backoffLimit: 3 } },
    ]);
    const untimed = admissionReview('CREATE', { ...object, spec: { images: { nginx: { tags: [{ tag: 'a', createdAt, pullPolicy: {} }] } } } } as KubeObject, { resource: 'nodeimages' });
    const refused = await rig.post(webhook, '/validate-apps-kruise-io-nodeimage', untimed);
    expect(refused.body.response.status.details.causes).toEqual([
      { reason: 'FieldValueRequired', field: 'spec.images[nginx].tags[0].pullPolicy.ttlSecondsAfterFinished', message: 'Required value: pullPolicy.ttlSecondsAfterFinished for nginx/a must set' },
    ]);
  });

  it('admits a ContainerRecreateRequest at its one (mutating) webhook: refusals, and the pod\'s context injected as the embedded cluster injects it', async () => {
    const MUTATE_CRR = '/mutate-apps-kruise-io-v1alpha1-containerrecreaterequest';
    await rig.store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } });
    const created: KubeObject = await rig.store.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'app-0', namespace: 'shop' },
      spec: { nodeName: 'node-1', terminationGracePeriodSeconds: 20, containers: [{ name: 'app', image: 'nginx:1.25' }] },
    });
    await rig.store.updateStatus({ ...created, status: { phase: 'Running', containerStatuses: [{ name: 'app', image: 'nginx:1.25', imageID: '', ready: true, restartCount: 1, containerID: 'containerd://abc' }] } });
    const crr = (name: string, podName: string, containers: unknown[]): KubeObject =>
      ({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest', metadata: { name, namespace: 'shop' }, spec: { podName, containers } }) as KubeObject;

    const missing = admissionReview('CREATE', crr('restart-gone', 'app-9', [{ name: 'app' }]));
    const refused = (await rig.post(webhook, MUTATE_CRR, missing)).body.response;
    expect(refused).toMatchObject({ uid: missing.request.uid, allowed: false, status: { code: 422 } });
    expect(refused.status.details.causes).toEqual([{ reason: 'FieldValueNotFound', field: 'spec.podName', message: 'Not found: "app-9": no found Pod named app-9' }]);

    const object = crr('restart', 'app-0', [{ name: 'app' }]);
    const { body } = await rig.post(webhook, MUTATE_CRR, admissionReview('CREATE', object));
    expect(body.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    const patched = applyJsonPatch(object, decodePatch(body.response)) as KubeObject & { spec: unknown };
    expect(patched.metadata.labels).toEqual({ 'crr.apps.kruise.io/active': 'true', 'crr.apps.kruise.io/node-name': 'node-1', 'crr.apps.kruise.io/pod-uid': created.metadata.uid });
    const stored = await rig.store.create(object);
    expect([patched.metadata.labels, patched.spec]).toEqual([stored.metadata.labels, (stored as KubeObject & { spec: unknown }).spec]);
  });
});

describe('reviews the webhook cannot admit', () => {
  it('answers a review of another kind with a refusal with code 400 naming both kinds', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: { containers: [{ name: 'main', image: 'x' }] } };
    const review = admissionReview('CREATE', pod);
    const { status, body } = await rig.post(webhook, MUTATE_CLONESET, review);
    expect(status).toBe(200);
    expect(body.response).toEqual({
      uid: review.request.uid, allowed: false,
      status: { metadata: {}, status: 'Failure', code: 400, reason: 'BadRequest', message: `${MUTATE_CLONESET} admits CloneSet (apps.kruise.io), not Pod (v1)` },
    });
  });

  it('answers an object that is not the request\'s kind, or an UPDATE without its old object, with 400', async () => {
    const review = admissionReview('CREATE', cloneSet('web'));
    review.request.object = { ...cloneSet('web'), kind: 'Deployment' } as never;
    expect((await rig.post(webhook, MUTATE_CLONESET, review)).body.response.status).toMatchObject({ code: 400, message: expect.stringContaining('request.object: the object is "Deployment"') });
    const update = admissionReview('UPDATE', cloneSet('web'));
    expect((await rig.post(webhook, VALIDATE_CLONESET, update)).body.response.status).toMatchObject({ code: 400, message: 'request.oldObject: expected the CloneSet as a JSON object' });
  });

  it.each([
    ['a body that is not JSON', { raw: '{"kind": AdmissionReview' }, /^the body is not JSON: /],
    ['another kind of object', { body: { apiVersion: 'v1', kind: 'Pod' } }, /^expected kind AdmissionReview and apiVersion admission.k8s.io\/v1, got kind "Pod" and apiVersion "v1"$/],
    ['an AdmissionReview v1beta1', { body: { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', request: {} } }, /got kind "AdmissionReview" and apiVersion "admission.k8s.io\/v1beta1"/],
    ['a review without a request', { body: { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' } }, /^request: the review has no request$/],
    ['a request without a uid', { body: { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { kind: {} } } }, /^request.uid: expected a non-empty string$/],
    ['a request without an operation', { body: { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 'u1', kind: { group: 'apps.kruise.io', version: 'v1alpha1', kind: 'CloneSet' }, resource: { group: 'apps.kruise.io', version: 'v1alpha1', resource: 'clonesets' } } } }, /^request.operation: expected one of CREATE, UPDATE, DELETE, CONNECT, got undefined$/],
    ['a body of another content type', { body: {}, contentType: 'text/plain' }, /^content-type "text\/plain": expected application\/json/],
  ])('answers %s with HTTP 400 and a refusal that says what is wrong', async (_what, input: { raw?: string; body?: unknown; contentType?: string }, message) => {
    const { status, body } = await rig.post(webhook, MUTATE_CLONESET, input.body, { raw: input.raw, contentType: input.contentType });
    expect(status).toBe(400);
    expect(body.response).toMatchObject({ allowed: false, status: { code: 400, reason: 'BadRequest' } });
    expect(body.response.status.message).toMatch(message);
    if ((input.body as { request?: { uid?: string } } | undefined)?.request?.uid) expect(body.response.uid).toBe('u1');
  });

  it('answers an unknown path with 404 and a GET of a webhook path with 405; /healthz is ok', async () => {
    const unknown = await rig.post(webhook, '/mutate-apps-kruise-io-broadcastjob', admissionReview('CREATE', cloneSet('web')));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^no admission webhook at \/mutate-apps-kruise-io-broadcastjob; served: \/mutate-pod, \/mutate-apps-kruise-io-v1alpha1-cloneset, /);
    expect((await rig.post(webhook, MUTATE_CLONESET, undefined, { method: 'GET' })).status).toBe(405);
    const health = await rig.post(webhook, '/healthz', undefined, { method: 'GET' });
    expect([health.status, health.body]).toEqual([200, 'ok']);
  });
});
