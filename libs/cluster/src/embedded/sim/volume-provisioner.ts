// The embedded cluster's storage: a dynamic provisioner and the PersistentVolume controller in one. Every
// claim asking for storage gets a PersistentVolume made for it (`pvc-<claim uid>`, the size, access modes,
// volume mode and class it asks for, reclaim policy Delete) and is bound to it as kube-controller-manager
// binds: the claim's spec.volumeName and bind annotations, then status Bound with the volume's capacity;
// the volume's claimRef and status Bound. A volume whose claim is gone is deleted (reclaim policy
// Delete) or Released (Retain); a claim whose volume is deleted is Lost. Nothing is mounted anywhere:
// the volumes are as simulated as the pods.
import type { PersistentVolume, PersistentVolumeClaim } from '@coxswain/kruise-api';
import type { Clock } from '../../clock.js';
import { isoNow } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient, KindRef } from '../../port.js';
import { KeyedQueue } from './keyed-queue.js';
import { ListWatchCache, objectKey } from './list-watch.js';
import { updateStatusWithRetry, writeWithRetry } from './optimistic-write.js';

export const PVC: KindRef = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
export const PV: KindRef = { apiVersion: 'v1', kind: 'PersistentVolume' };

/** The provisioner's name: on the volumes it makes (pv.kubernetes.io/provisioned-by, csi.driver) and the claims it serves. */
export const SIMULATED_PROVISIONER = 'simulated.coxswain.io';

const ANNOTATIONS = {
  provisionedBy: 'pv.kubernetes.io/provisioned-by',
  bindCompleted: 'pv.kubernetes.io/bind-completed',
  boundByController: 'pv.kubernetes.io/bound-by-controller',
  storageProvisioner: 'volume.kubernetes.io/storage-provisioner',
  betaStorageProvisioner: 'volume.beta.kubernetes.io/storage-provisioner',
  betaStorageClass: 'volume.beta.kubernetes.io/storage-class',
} as const;

export interface VolumeProvisionerOptions {
  /** Failures it survives and retries on the next change. Default: console.warn. */
  onError?: (err: unknown) => void;
}

export class VolumeProvisioner {
  private readonly claims: ListWatchCache<PersistentVolumeClaim>;
  private readonly volumes: ListWatchCache<PersistentVolume>;
  private readonly queue: KeyedQueue;
  private readonly onError: (err: unknown) => void;
  /** Volumes deleted while a claim was bound to them: the claim is Lost. */
  private readonly deletedVolumes = new Set<string>();
  private running = false;

  constructor(
    private readonly client: ClusterClient,
    private readonly clock: Clock,
    options: VolumeProvisionerOptions = {},
  ) {
    const report = options.onError ?? ((err: unknown) => console.warn('[sim volumes]', err));
    this.onError = (err) => {
      if (this.running) report(err);
    };
    this.queue = new KeyedQueue((key) => this.reconcile(key), this.onError);
    this.claims = new ListWatchCache<PersistentVolumeClaim>(client, clock, PVC, {
      upserted: (claim) => this.mark(claimKey(claim)),
      deleted: (claim) => this.claimDeleted(claim),
    }, this.onError);
    this.volumes = new ListWatchCache<PersistentVolume>(client, clock, PV, {
      upserted: (volume) => {
        this.deletedVolumes.delete(volume.metadata.name!);
        this.mark(volumeKey(volume.metadata.name!));
      },
      deleted: (volume) => this.volumeDeleted(volume),
    }, this.onError);
  }

  /** Lists and watches claims and volumes, then provisions and binds what waits. */
  async start(): Promise<void> {
    await this.claims.start();
    await this.volumes.start();
    this.running = true;
    for (const claim of this.claims.values()) this.mark(claimKey(claim));
    for (const volume of this.volumes.values()) this.mark(volumeKey(volume.metadata.name!));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.claims.stop();
    this.volumes.stop();
    this.queue.stop();
    await this.queue.drained();
  }

  /** Resolves when no work is under way (for tests). */
  idle(): Promise<void> {
    return this.queue.drained();
  }

  private mark(key: string): void {
    if (this.running) this.queue.mark(key);
  }

  private claimDeleted(claim: PersistentVolumeClaim): void {
    if (claim.spec?.volumeName) this.mark(volumeKey(claim.spec.volumeName));
    // Deleted between its volume's creation and its binding.
    this.mark(volumeKey(`pvc-${claim.metadata.uid}`));
  }

  private volumeDeleted(volume: PersistentVolume): void {
    const ref = volume.spec?.claimRef;
    if (!ref?.name) return;
    this.deletedVolumes.add(volume.metadata.name!);
    this.mark(`claim:${ref.namespace ?? ''}/${ref.name}`);
  }

  private async reconcile(key: string): Promise<void> {
    if (!this.running) return;
    const id = key.slice(key.indexOf(':') + 1);
    try {
      if (key.startsWith('claim:')) await this.reconcileClaim(id);
      else await this.reconcileVolume(id);
    } catch (err) {
      // The claim or volume went away meanwhile: its deletion is handled as its own change.
      if (!isApiError(err, 'NotFound')) throw err;
    }
  }

  private async reconcileClaim(key: string): Promise<void> {
    const claim = this.claims.get(key);
    if (!claim || claim.metadata.deletionTimestamp) return;
    const bound = claim.spec?.volumeName;
    if (bound) {
      if (this.deletedVolumes.has(bound) && claim.status?.phase !== 'Lost') await this.setClaimPhase(claim, 'Lost');
      else if (claim.status?.phase !== 'Bound' && !this.deletedVolumes.has(bound)) await this.finishBinding(claim, this.volumes.get(`/${bound}`));
      return;
    }
    const storage = claim.spec?.resources?.requests?.['storage'];
    // The apiserver refuses such a claim; one stored anyway waits, as no provisioner could size it.
    if (storage === undefined) return;
    const name = `pvc-${claim.metadata.uid}`;
    const volume = this.volumes.get(`/${name}`) ?? (await this.provision(claim, name, storage));
    if (volume.spec.claimRef?.uid !== claim.metadata.uid) return;
    const written = await writeWithRetry(this.client, PVC, claim, (latest) => {
      if (latest.spec?.volumeName || latest.metadata.deletionTimestamp) return undefined;
      return {
        ...latest,
        metadata: {
          ...latest.metadata,
          annotations: {
            ...latest.metadata.annotations,
            [ANNOTATIONS.bindCompleted]: 'yes',
            [ANNOTATIONS.boundByController]: 'yes',
            [ANNOTATIONS.storageProvisioner]: SIMULATED_PROVISIONER,
            [ANNOTATIONS.betaStorageProvisioner]: SIMULATED_PROVISIONER,
          },
        },
        spec: { ...latest.spec, volumeName: name },
      };
    }, (next) => this.client.update(next));
    if (written) await this.finishBinding(written, volume);
  }

  /** The volume for `claim`, created (status Bound to it) unless it exists already. */
  private async provision(claim: PersistentVolumeClaim, name: string, storage: string | number): Promise<PersistentVolume> {
    const storageClassName = claim.spec.storageClassName ?? claim.metadata.annotations?.[ANNOTATIONS.betaStorageClass];
    const volume: PersistentVolume = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name, annotations: { [ANNOTATIONS.provisionedBy]: SIMULATED_PROVISIONER } },
      spec: {
        capacity: { storage },
        accessModes: [...(claim.spec.accessModes ?? [])],
        claimRef: {
          apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: claim.metadata.namespace, name: claim.metadata.name,
          uid: claim.metadata.uid, resourceVersion: claim.metadata.resourceVersion,
        },
        persistentVolumeReclaimPolicy: 'Delete',
        ...(storageClassName ? { storageClassName } : {}),
        volumeMode: claim.spec.volumeMode ?? 'Filesystem',
        csi: { driver: SIMULATED_PROVISIONER, volumeHandle: name },
      },
    };
    let created: PersistentVolume;
    try {
      created = await this.client.create(volume);
    } catch (err) {
      if (!isApiError(err, 'AlreadyExists')) throw err;
      created = await this.client.get<PersistentVolume>(PV, undefined, name);
    }
    return (await this.setVolumePhase(created, 'Bound')) ?? created;
  }

  /** The claim's status once its volume is known: Bound, with the volume's access modes and capacity. */
  private async finishBinding(claim: PersistentVolumeClaim, volume: PersistentVolume | undefined): Promise<void> {
    if (!volume || volume.spec.claimRef?.uid !== claim.metadata.uid) return;
    await updateStatusWithRetry(this.client, PVC, claim, (latest) => {
      if (latest.spec?.volumeName !== volume.metadata.name || latest.status?.phase === 'Bound') return undefined;
      return {
        ...latest,
        status: { ...latest.status, phase: 'Bound' as const, accessModes: [...(volume.spec.accessModes ?? [])], capacity: { ...volume.spec.capacity } },
      };
    });
  }

  private async reconcileVolume(name: string): Promise<void> {
    const volume = this.volumes.get(`/${name}`);
    if (!volume || volume.metadata.deletionTimestamp) return;
    const ref = volume.spec?.claimRef;
    if (!ref?.name) {
      if (!volume.status?.phase) await this.setVolumePhase(volume, 'Available');
      return;
    }
    const claim = this.claims.get(`${ref.namespace ?? ''}/${ref.name}`);
    if (claim && claim.metadata.uid === ref.uid) {
      if (volume.status?.phase !== 'Bound') await this.setVolumePhase(volume, 'Bound');
      // A binding interrupted (a restart) before the claim's status was written is finished now.
      if (claim.spec?.volumeName === name && claim.status?.phase !== 'Bound') this.mark(claimKey(claim));
      return;
    }
    // The claim is gone (or is another claim by the same name): the volume is reclaimed.
    if (volume.spec.persistentVolumeReclaimPolicy === 'Delete') {
      try {
        await this.client.delete(PV, undefined, name, { preconditions: { uid: volume.metadata.uid } });
      } catch (err) {
        if (!isApiError(err, 'NotFound') && !isApiError(err, 'Conflict')) throw err;
      }
    } else if (volume.status?.phase !== 'Released') {
      await this.setVolumePhase(volume, 'Released');
    }
  }

  private async setVolumePhase(volume: PersistentVolume, phase: 'Available' | 'Bound' | 'Released'): Promise<PersistentVolume | undefined> {
    return updateStatusWithRetry(this.client, PV, volume, (latest) =>
      latest.status?.phase === phase ? undefined : { ...latest, status: { ...latest.status, phase, lastPhaseTransitionTime: isoNow(this.clock) } });
  }

  private async setClaimPhase(claim: PersistentVolumeClaim, phase: 'Lost'): Promise<void> {
    await updateStatusWithRetry(this.client, PVC, claim, (latest) => (latest.status?.phase === phase ? undefined : { ...latest, status: { ...latest.status, phase } }));
  }
}

function claimKey(claim: PersistentVolumeClaim): string {
  return `claim:${objectKey(claim)}`;
}

function volumeKey(name: string): string {
  return `volume:${name}`;
}
