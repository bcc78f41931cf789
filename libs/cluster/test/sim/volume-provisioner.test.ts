// The simulated storage: claims get a volume provisioned and are bound to it as kube-controller-manager
// binds them; volumes whose claim is gone are reclaimed; claims whose volume is gone are Lost.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, PersistentVolume, PersistentVolumeClaim } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import { MemoryPersistence } from '../../src/embedded/store/persistence.js';
import { PV, PVC, SIMULATED_PROVISIONER, VolumeProvisioner } from '../../src/embedded/sim/volume-provisioner.js';
import { START } from './sim-fixtures.js';

interface Harness {
  store: EmbeddedStore;
  provisioner: VolumeProvisioner;
  settle(): Promise<void>;
  stop(): Promise<void>;
}

async function start(store?: EmbeddedStore): Promise<Harness> {
  const clock = new ManualClock(START);
  store ??= await EmbeddedStore.open({ clock, persistence: new MemoryPersistence() });
  const errors: unknown[] = [];
  const provisioner = new VolumeProvisioner(store.localClient(), clock, { onError: (err) => void errors.push(err) });
  await provisioner.start();
  return {
    store,
    provisioner,
    async settle() {
      // Watch events arrive a turn after each write: let them, then the work they cause, run out.
      for (let round = 0; round < 10; round++) {
        await new Promise((resolve) => setImmediate(resolve));
        await provisioner.idle();
      }
    },
    async stop() {
      await provisioner.stop();
      if (errors.length > 0) throw new AggregateError(errors, `provisioner reported ${errors.length} error(s): ${String(errors[0])}`);
    },
  };
}

function claim(name: string, spec: Partial<PersistentVolumeClaim['spec']> = { resources: { requests: { storage: '1Gi' } } }): PersistentVolumeClaim {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'demo' }, spec: { accessModes: ['ReadWriteOnce'], ...spec } };
}

const getClaim = (h: Harness, name: string) => h.store.get<PersistentVolumeClaim>(PVC, 'demo', name);
const volumes = async (h: Harness) => (await h.store.list<PersistentVolume>(PV)).items;

describe('VolumeProvisioner', () => {
  it('provisions a volume for a claim and binds them both, as the PV controller does', async () => {
    const h = await start();
    try {
      const created = await h.store.create(claim('data', { resources: { requests: { storage: '5Gi' } }, storageClassName: 'standard' }));
      await h.settle();
      const name = `pvc-${created.metadata.uid}`;
      const [volume, ...more] = await volumes(h);
      expect(more).toEqual([]);
      expect(volume).toMatchObject({
        metadata: { name, annotations: { 'pv.kubernetes.io/provisioned-by': SIMULATED_PROVISIONER } },
        spec: {
          capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Delete', storageClassName: 'standard',
          volumeMode: 'Filesystem', claimRef: { kind: 'PersistentVolumeClaim', namespace: 'demo', name: 'data', uid: created.metadata.uid },
          csi: { driver: SIMULATED_PROVISIONER, volumeHandle: name },
        },
        status: { phase: 'Bound' },
      });
      const bound = await getClaim(h, 'data');
      expect(bound.spec.volumeName).toBe(name);
      expect(bound.metadata.annotations).toMatchObject({ 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes' });
      expect(bound.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' } });
    } finally {
      await h.stop();
    }
  });

  it('leaves a claim that asks for no storage Pending', async () => {
    const h = await start();
    try {
      await h.store.create(claim('sizeless', {}));
      await h.settle();
      expect(await volumes(h)).toEqual([]);
      expect((await getClaim(h, 'sizeless')).spec.volumeName).toBeUndefined();
    } finally {
      await h.stop();
    }
  });

  it('deletes the volume of a deleted claim (reclaim policy Delete), and releases one with Retain', async () => {
    const h = await start();
    try {
      await h.store.create(claim('gone'));
      await h.store.create(claim('kept'));
      await h.settle();
      const kept = (await volumes(h)).find((v) => v.spec.claimRef?.name === 'kept')!;
      await h.store.patch(PV, undefined, kept.metadata.name!, { spec: { persistentVolumeReclaimPolicy: 'Retain' } });
      await h.store.delete(PVC, 'demo', 'gone');
      await h.store.delete(PVC, 'demo', 'kept');
      await h.settle();
      expect((await volumes(h)).map((v) => [v.spec.claimRef?.name, v.status?.phase])).toEqual([['kept', 'Released']]);
    } finally {
      await h.stop();
    }
  });

  it('marks a claim Lost when its volume is deleted', async () => {
    const h = await start();
    try {
      await h.store.create(claim('orphan'));
      await h.settle();
      const [volume] = await volumes(h);
      await h.store.delete(PV, undefined, volume!.metadata.name!);
      await h.settle();
      expect((await getClaim(h, 'orphan')).status?.phase).toBe('Lost');
      expect(await volumes(h)).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  it('picks up after a restart: what is bound stays as it is, what waited is provisioned', async () => {
    const first = await start();
    await first.store.create(claim('before'));
    await first.settle();
    await first.provisioner.stop();
    await first.store.create(claim('while-down'));
    const again = await start(first.store);
    try {
      await again.settle();
      const all = await volumes(again);
      expect(all.map((v) => [v.spec.claimRef?.name, v.status?.phase]).sort()).toEqual([['before', 'Bound'], ['while-down', 'Bound']]);
      for (const name of ['before', 'while-down']) expect((await getClaim(again, name)).status?.phase).toBe('Bound');
    } finally {
      await again.stop();
      await first.store.close();
    }
  });

  it('leaves volumes it did not make alone, Available until something claims them', async () => {
    const h = await start();
    try {
      const manual: PersistentVolume = {
        apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'manual' },
        spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', hostPath: { path: '/data' } },
      };
      await h.store.create(manual as KubeObject);
      await h.settle();
      expect((await volumes(h)).map((v) => [v.metadata.name, v.status?.phase])).toEqual([['manual', 'Available']]);
    } finally {
      await h.stop();
    }
  });
});
