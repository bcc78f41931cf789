// The embedded cluster admits ImagePullJob, NodeImage and ContainerRecreateRequest writes as Kruise's
// webhooks do (docs/spec/image-pull.md §2): the gates first (403 in Kruise's words), then defaults and
// validation, then the storage version. A ContainerRecreateRequest is checked against its pod and node
// as the client wrote it, and gets the pod's context injected.
import { describe, expect, it } from '@jest/globals';
import { FeatureGates, type ContainerRecreateRequest, type ImagePullJob, type KubeObject, type NodeImage } from '@coxswain/kruise-api';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import { NODE, POD, openStore, refusal } from '../store/store-fixtures.js';

const IPJ_V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob' };
const NODE_IMAGE = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage' };
const CRR = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest' };
const PULL_GATE = FeatureGates.from({ ImagePullJobGate: true });


const job = (apiVersion: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion, kind: 'ImagePullJob', metadata: { name: 'warm', namespace: 'default' }, spec });

describe('ImagePullJob admission', () => {
  it('refuses every write while ImagePullJobGate is off, as Kruise\'s webhook does (403)', async () => {
    const { store } = await openStore({ admission: kruiseAdmission() });
    const error = await refusal(store.create(job('apps.kruise.io/v1beta1', { image: 'nginx:1.25' })));
    expect(error.reason).toBe('Forbidden');
    expect(error.message).toBe('admission webhook "vimagepulljob-v1beta1.kb.io" denied the request: feature-gate ImagePullJobGate is not enabled');
  });

  it('stores a v1alpha1 job defaulted, as v1beta1, with the protection finalizer the controller removes (a v1beta1 job gets it from the controller)', async () => {
    const { store } = await openStore({ admission: kruiseAdmission(PULL_GATE) });
    await store.create(job('apps.kruise.io/v1alpha1', { image: 'nginx:1.25', parallelism: 2 }));
    const stored = await store.get<ImagePullJob>(IPJ_V1BETA1, 'default', 'warm');
    expect(stored.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(stored.spec).toEqual({
      image: 'nginx:1.25', parallelism: 2, completionPolicy: { type: 'Always' }, pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 }, imagePullPolicy: 'IfNotPresent',
    });
    expect(stored.metadata.finalizers).toEqual(['apps.kruise.io/deletion-protection']);
    await store.create({ ...job('apps.kruise.io/v1beta1', { image: 'nginx:1.25' }), metadata: { name: 'beta', namespace: 'default' } });
    expect((await store.get<ImagePullJob>(IPJ_V1BETA1, 'default', 'beta')).metadata.finalizers).toBeUndefined();
  });

  it('refuses an invalid job with Kruise\'s messages as field causes, and pullSecrets changes on update', async () => {
    const { store } = await openStore({ admission: kruiseAdmission(PULL_GATE) });
    const invalid = await refusal(store.create(job('apps.kruise.io/v1beta1', { image: 'Nginx', parallelism: '50%' })));
    expect(invalid.reason).toBe('Invalid');
    expect(invalid.details.causes).toEqual([
      { field: 'spec.image', message: 'Invalid value: "Nginx": invalid image Nginx: invalid reference format: repository name must be lowercase' },
      { field: 'spec.parallelism', message: 'Invalid value: "50%": parallelism does not support percentage value' },
    ]);
    const created = await store.create(job('apps.kruise.io/v1beta1', { image: 'nginx', pullSecrets: ['a'] }));
    const immutable = await refusal(store.update({ ...created, spec: { ...(created.spec as object), pullSecrets: ['b'] } }));
    expect(immutable.details.causes).toEqual([{ field: 'spec.pullSecrets', message: 'Forbidden: spec.pullSecrets is immutable' }]);
  });
});

describe('NodeImage admission', () => {
  it('defaults createdAt from the store\'s clock, sorts tags, and needs a TTL per tag', async () => {
    const { store, clock } = await openStore({ admission: kruiseAdmission() });
    const tags = [{ tag: 'b', pullPolicy: { ttlSecondsAfterFinished: 60 } }, { tag: 'a', pullPolicy: { ttlSecondsAfterFinished: 60 } }];
    await store.create({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'NodeImage', metadata: { name: 'node-1' }, spec: { images: { nginx: { tags } } } });
    const stored = await store.get<NodeImage>(NODE_IMAGE, undefined, 'node-1');
    expect(stored.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(stored.spec!.images!['nginx']!.tags).toEqual([
      { tag: 'a', createdAt: new Date(clock.now()).toISOString().replace('.000Z', 'Z'), pullPolicy: { ttlSecondsAfterFinished: 60, timeoutSeconds: 600, backoffLimit: 3 } },
      { tag: 'b', createdAt: new Date(clock.now()).toISOString().replace('.000Z', 'Z'), pullPolicy: { ttlSecondsAfterFinished: 60, timeoutSeconds: 600, backoffLimit: 3 } },
    ]);
    const error = await refusal(store.create({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'node-2' }, spec: { images: { nginx: { tags: [{ tag: 'a' }] } } } }));
    expect(error.details.causes).toEqual([
      { field: 'spec.images[nginx].tags[0].pullPolicy.ttlSecondsAfterFinished', message: 'Required value: pullPolicy.ttlSecondsAfterFinished for nginx/a must set' },
    ]);
  });

  it('refuses every write without kruise-daemon', async () => {
    const { store } = await openStore({ admission: kruiseAdmission(FeatureGates.from({ KruiseDaemon: false })) });
    const error = await refusal(store.create({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: 'node-1' }, spec: {} }));
    expect(error.message).toBe('admission webhook "vnodeimage.kb.io" denied the request: feature-gate KruiseDaemon is not enabled');
  });
});

describe('ContainerRecreateRequest admission', () => {
  async function withRunningPod() {
    const harness = await openStore({ admission: kruiseAdmission() });
    const { store } = harness;
    await store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { type: 'virtual-kubelet' } } });
    const created = await store.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'default' },
      spec: {
        nodeName: 'node-1', terminationGracePeriodSeconds: 20,
        containers: [{ name: 'app', image: 'nginx:1.25', ports: [{ containerPort: 80 }], lifecycle: { preStop: { httpGet: { path: '/stop', port: 80 } } } }],
      },
    });
    await store.updateStatus({ ...created, status: { phase: 'Running', containerStatuses: [{ name: 'app', image: 'nginx:1.25', imageID: '', ready: true, restartCount: 1, containerID: 'containerd://abc' }] } });
    return harness;
  }
  const request = (containers: unknown[], extra: Record<string, unknown> = {}): KubeObject =>
    ({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest', metadata: { name: 'restart', namespace: 'default' }, spec: { podName: 'web-0', containers, ...extra } });

  it('injects the pod\'s context and the defaults on create', async () => {
    const { store } = await withRunningPod();
    const pod = await store.get(POD, 'default', 'web-0');
    await store.create(request([{ name: 'app' }]));
    const stored = await store.get<ContainerRecreateRequest>(CRR, 'default', 'restart');
    expect(stored.metadata.labels).toEqual({
      'crr.apps.kruise.io/active': 'true', 'crr.apps.kruise.io/node-name': 'node-1', 'crr.apps.kruise.io/pod-uid': pod.metadata.uid, type: 'virtual-kubelet',
    });
    expect(stored.spec).toEqual({
      podName: 'web-0',
      strategy: { failurePolicy: 'Fail', terminationGracePeriodSeconds: 20 },
      containers: [{ name: 'app', preStop: { httpGet: { path: '/stop', port: 80 } }, ports: [{ containerPort: 80 }], statusContext: { containerID: 'containerd://abc', restartCount: 1 } }],
    });
    expect(await store.get(NODE, undefined, 'node-1')).toBeDefined();
  });

  it('refuses what the client may not write, a container the pod lacks, a missing pod, and any spec change', async () => {
    const { store } = await withRunningPod();
    const readOnly = await refusal(store.create(request([{ name: 'app', statusContext: { containerID: 'x', restartCount: 0 } }, { name: 'db' }])));
    expect(readOnly.details.causes).toEqual([
      { field: 'spec.containers[0].statusContext', message: 'Forbidden: preStop, ports, statusContext in container are ready-only fields' },
      { field: 'spec.containers[1].name', message: 'Not found: "db": container db not found in Pod' },
    ]);
    const noPod = await refusal(store.create(request([{ name: 'app' }], { podName: 'web-9', activeDeadlineSeconds: 1 })));
    expect(noPod.details.causes).toEqual([
      { field: 'spec.activeDeadlineSeconds', message: 'Invalid value: 1: activeDeadlineSeconds can not be less than 3s' },
      { field: 'spec.podName', message: 'Not found: "web-9": no found Pod named web-9' },
    ]);
    const created = await store.create(request([{ name: 'app' }]));
    const changed = await refusal(store.update({ ...created, spec: { ...(created.spec as object), ttlSecondsAfterFinished: 5 } }));
    expect(changed.details.causes).toEqual([{ field: 'spec', message: 'Forbidden: spec of ContainerRecreateRequest is immutable' }]);
    const labelled = { ...created, metadata: { ...created.metadata, labels: { ...created.metadata.labels, 'crr.apps.kruise.io/active': 'false', extra: 'x' } } };
    await expect(store.update(labelled)).resolves.toBeDefined();
  });
});
