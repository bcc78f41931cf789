// The ack use case without I/O: an in-memory cluster and repository, so the conflict paths (the pod
// changing between read and write) are deterministic.
import { describe, expect, it } from '@jest/globals';
import { ApiError, ManualClock, applyMergePatch, type ClusterClient, type MergePatch } from '@coxswain/cluster';
import type { CloneSet, KubeObject, Pod } from '@coxswain/kruise-api';
import { AuditTrail, type AuditDraft } from '../audit/audit-trail.js';
import type { Principal } from '../auth/principal.js';
import { isDomainError } from '../errors/domain-error.js';
import { HookAckService, MAX_WRITE_ATTEMPTS, type AckRequest } from './hook-ack.service.js';
import type { Claim, Completion, HookAckRow, HookAcksRepository, NewHookAck } from './hook-acks.repository.js';
import type { PodTombstones } from './pod-tombstones.js';
import { readStamp, tombstonesOf, type AckTombstone } from './ack-stamp.js';
import type { AckTombstonesRepository } from './ack-tombstones.repository.js';
import type { ClusterCache } from '../cluster/cluster-cache.js';
import { workloadKind } from '@coxswain/workloads';

const BLOCK = 'example.io/block';
const STAMP = 'coxswain.io/preDelete-ack';
const owner: CloneSet = {
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  metadata: { name: 'web', namespace: 'ns', uid: 'cs-uid' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
    lifecycle: { preDelete: { labelsHandler: { [BLOCK]: 'true' }, finalizersHandler: ['example.io/hold'] } },
  },
} as CloneSet;

function waitingPod(resourceVersion: string, state = 'PreparingDelete'): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-1', namespace: 'ns', uid: 'pod-uid', resourceVersion,
      labels: { app: 'web', [BLOCK]: 'true', 'lifecycle.apps.kruise.io/state': state },
      finalizers: ['example.io/hold'],
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web', uid: 'cs-uid', controller: true }],
    },
    spec: { containers: [{ name: 'c', image: 'i' }] },
  };
}

/** A pod store where `interfere(n)` changes the pod right before the n-th patch lands. */
class FakeCluster {
  pod: Pod | undefined = waitingPod('10');
  patches: MergePatch[] = [];
  interfere: (attempt: number) => Pod | undefined | 'keep' = () => 'keep';

  async get<T extends KubeObject>(_ref: { kind: string }, _ns: string | undefined, _name: string): Promise<T> {
    if (!this.pod) throw ApiError.notFound('Pod', 'web-1');
    return structuredClone(this.pod) as unknown as T;
  }

  async patch<T extends KubeObject>(_ref: unknown, _ns: string | undefined, _name: string, patch: MergePatch): Promise<T> {
    this.patches.push(patch);
    const changed = this.interfere(this.patches.length);
    if (changed !== 'keep') this.pod = changed;
    if (!this.pod) throw ApiError.notFound('Pod', 'web-1');
    const meta = patch.metadata as { resourceVersion: string };
    if (meta.resourceVersion !== this.pod.metadata.resourceVersion) throw ApiError.conflict('Pod', 'web-1', 'stale');
    const next = applyMergePatch(this.pod, patch) as Pod;
    next.metadata.resourceVersion = String(Number(this.pod.metadata.resourceVersion) + 1);
    this.pod = next;
    return structuredClone(next) as unknown as T;
  }
}

class MemoryAcks {
  rows = new Map<string, HookAckRow>();
  /** Keys whose claim was left in flight by a process that died: the next claim takes them over. */
  abandoned = new Set<string>();
  /** While set, answers are not stored: the process "dies" between writing the pod and storing them. */
  dropAnswers = false;
  async claim(ack: NewHookAck): Promise<Claim> {
    const existing = this.rows.get(ack.idempotencyKey);
    if (existing && this.abandoned.delete(ack.idempotencyKey)) return { claimed: true, takenOver: true, row: existing };
    if (existing) return { claimed: false, existing };
    const row: HookAckRow = { ...ack, id: `id-${this.rows.size}`, state: 'in-flight', response: null, status: null, podUid: null, completedAt: null };
    this.rows.set(ack.idempotencyKey, row);
    return { claimed: true, takenOver: false, row };
  }
  async complete(key: string, completion: Completion): Promise<void> {
    const row = this.rows.get(key);
    if (row?.state === 'in-flight' && !this.dropAnswers) Object.assign(row, completion, { state: 'done' });
  }
  async release(key: string): Promise<void> {
    if (this.rows.get(key)?.state === 'in-flight') this.rows.delete(key);
  }
}

const principal: Principal = { tokenId: 't1', name: 'discovery', role: 'hook-acker', namespaces: [] };
const request = (key = 'k1'): AckRequest => ({ namespace: 'ns', pod: 'web-1', hook: 'preDelete', idempotencyKey: key, reason: null });

function setup() {
  const cluster = new FakeCluster();
  const acks = new MemoryAcks();
  const trail = new AuditTrail();
  const tombstones = { wasDeleted: () => false } as unknown as PodTombstones;
  // hook_ack_tombstones: the stamps of deleted pods, by ack id.
  const deletedStamps = new Map<string, AckTombstone>();
  const ackTombstones = {
    find: async (id: string) => deletedStamps.get(id),
    wasDeleted: async (namespace: string, pod: string) => [...deletedStamps.values()].some((t) => t.namespace === namespace && t.pod === pod),
  } as unknown as AckTombstonesRepository;
  // The API's cache as the service reads it: the pod as the cluster has it (or `cached`, when set), its
  // CloneSet, and writes that are in it at once.
  const cached: { pod?: Pod | null } = {};
  const cache = {
    pods: { get: () => (cached.pod === undefined ? cluster.pod && structuredClone(cluster.pod) : (cached.pod ?? undefined)) },
    podOwner: () => ({ descriptor: workloadKind('CLONE_SET')!, object: structuredClone(owner) }),
    caughtUp: async () => {},
  } as unknown as ClusterCache;
  const clock = new ManualClock();
  const service = new HookAckService(cluster as unknown as ClusterClient, clock, cache, acks as unknown as HookAcksRepository, tombstones, ackTombstones, trail);
  return { cluster, acks, trail, service, cached, deletedStamps, clock };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => { throw new Error('expected a failure'); }, (err: unknown) => err);
}

describe('HookAckService', () => {
  it('releases the pod with one patch carrying the read resourceVersion and uid, and notes the change for the audit', async () => {
    const { cluster, acks, trail, service } = setup();
    const draft: AuditDraft = { changes: [], target: null, idempotencyKey: null, message: null };
    const result = await trail.run(draft, () => service.ack(principal, request()));
    expect(result.replayed).toBe(false);
    const stamp = `{"id":"id-0","at":"${result.answer.at}"}`;
    expect(cluster.patches).toEqual([{ metadata: { resourceVersion: '10', uid: 'pod-uid', labels: { [BLOCK]: null }, finalizers: [], annotations: { [STAMP]: stamp } } }]);
    // The answer's row is left to be awaited with the audit row.
    expect(draft.alongside).toHaveLength(1);
    await Promise.all(draft.alongside!);
    expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 200, podUid: 'pod-uid' });
    expect(draft.idempotencyKey).toBe('k1');
    expect(draft.changes).toEqual([{
      target: { kind: 'Pod', namespace: 'ns', name: 'web-1' },
      before: { 'metadata.finalizers': ['example.io/hold'], [`metadata.labels['${BLOCK}']`]: 'true', [`metadata.annotations['${STAMP}']`]: null },
      after: { 'metadata.finalizers': [], [`metadata.labels['${BLOCK}']`]: null, [`metadata.annotations['${STAMP}']`]: stamp }, // the fake keeps an empty list
    }]);
  });

  it.each([
    { label: 'a stale cached copy costs one Conflict, then the cluster\'s copy is written', cachedPod: waitingPod('9'), patches: ['9', '10'] },
    { label: 'a pod the cache does not have yet is read from the cluster', cachedPod: null, patches: ['10'] },
    { label: 'a cached copy not yet in PreparingDelete is checked again against the cluster\'s, not refused', cachedPod: waitingPod('9', 'Normal'), patches: ['10'] },
  ])('$label', async ({ cachedPod, patches }) => {
    const { cluster, acks, service, cached } = setup();
    cached.pod = cachedPod;
    await service.ack(principal, request());
    expect(cluster.patches.map((p) => (p.metadata as { resourceVersion: string }).resourceVersion)).toEqual(patches);
    expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 200 });
  });

  it('re-reads and re-checks after a Conflict: a pod changed by someone else is written once it is read again', async () => {
    const { cluster, service } = setup();
    cluster.interfere = (n) => (n === 1 ? { ...waitingPod('11'), metadata: { ...waitingPod('11').metadata, annotations: { touched: 'yes' } } } : 'keep');
    await service.ack(principal, request());
    expect(cluster.patches.map((p) => (p.metadata as { resourceVersion: string }).resourceVersion)).toEqual(['10', '11']);
    expect(cluster.pod!.metadata.labels?.[BLOCK]).toBeUndefined();
  });

  it('answers HOOK_NOT_PENDING when the re-read finds the pod moved on (delete cancelled), writes nothing, and keeps that answer for the key', async () => {
    const { cluster, acks, service } = setup();
    cluster.interfere = (n) => (n === 1 ? waitingPod('11', 'PreparingNormal') : 'keep');
    const err = await failure(service.ack(principal, request()));
    expect(isDomainError(err, 'HOOK_NOT_PENDING')).toBe(true);
    expect(cluster.pod!.metadata.labels?.[BLOCK]).toBe('true');
    expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 409 });
    const replay = await failure(service.ack(principal, request()));
    expect(replay).toMatchObject({ code: 'HOOK_NOT_PENDING', options: { replayed: true } });
  });

  it('gives up with POD_BUSY after MAX_WRITE_ATTEMPTS conflicts and releases the key, so a retry runs again', async () => {
    const { cluster, acks, service } = setup();
    cluster.interfere = (n) => waitingPod(String(100 + n)); // someone always writes first
    const err = await failure(service.ack(principal, request()));
    expect(err).toMatchObject({ code: 'POD_BUSY', options: { retryAfterSeconds: 1 } });
    expect(cluster.patches).toHaveLength(MAX_WRITE_ATTEMPTS);
    expect(acks.rows.has('k1')).toBe(false);
    cluster.interfere = () => 'keep';
    expect((await service.ack(principal, request())).replayed).toBe(false);
  });

  it('answers POD_GONE when the pod disappears between read and write', async () => {
    const { cluster, service } = setup();
    cluster.interfere = () => undefined;
    expect(await failure(service.ack(principal, request()))).toMatchObject({ code: 'POD_GONE' });
  });

  it('tells a repeated ack what the pod, in the hook\'s state but no longer held by it, waits for now', async () => {
    const { cluster, service } = setup();
    await service.ack(principal, request('first'));
    const refusal = async (key: string) => {
      const err = await failure(service.ack(principal, request(key)));
      expect(err).toMatchObject({ code: 'HOOK_NOT_PENDING' });
      return (err as Error).message;
    };
    expect(await refusal('second')).toBe('pod ns/web-1 is no longer waiting on its preDelete hook: it was already acknowledged; the pod is in PreparingDelete until its CloneSet web deletes it');
    // Once deleted, it waits for what still holds it.
    cluster.pod = { ...cluster.pod!, metadata: { ...cluster.pod!.metadata, deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['example.io/other', 'example.io/more'] } };
    expect(await refusal('third')).toBe('pod ns/web-1 is no longer waiting on its preDelete hook: it was already acknowledged; the pod is being deleted and waits for its finalizers example.io/other, example.io/more');
    cluster.pod = { ...cluster.pod!, metadata: { ...cluster.pod!.metadata, finalizers: [] } };
    expect(await refusal('fourth')).toBe('pod ns/web-1 is no longer waiting on its preDelete hook: it was already acknowledged; the pod is being deleted and waits for its containers to stop');
  });

  it('says which lifecycle state a pod not (yet) in the hook\'s state is in', async () => {
    const { cluster, service } = setup();
    cluster.pod = waitingPod('10', 'Normal');
    const err = await failure(service.ack(principal, request()));
    expect(err).toMatchObject({ code: 'HOOK_NOT_PENDING' });
    expect((err as Error).message).toBe('pod ns/web-1 is not waiting on its preDelete hook: it is in lifecycle state Normal, not PreparingDelete');
  });

  describe('a key taken over after its first attempt died (crash points)', () => {
    it('claimed, pod not written: runs again under the same id and writes the pod once', async () => {
      const { cluster, acks, service } = setup();
      await acks.claim({ idempotencyKey: 'k1', actorTokenId: 't1', requestHash: 'h', namespace: 'ns', pod: 'web-1', hook: 'preDelete', createdAt: new Date() });
      acks.abandoned.add('k1');
      const result = await service.ack(principal, request());
      expect(result).toMatchObject({ replayed: false, answer: { id: 'id-0', podUid: 'pod-uid' } });
      expect(cluster.patches).toHaveLength(1);
      expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 200, response: result.answer });
    });

    it('pod written, answer not stored: answers the first attempt\'s answer from the pod\'s stamp, and writes nothing', async () => {
      const { cluster, acks, service, clock } = setup();
      acks.dropAnswers = true;
      const first = await service.ack(principal, request());
      expect(acks.rows.get('k1')).toMatchObject({ state: 'in-flight' });
      acks.dropAnswers = false;
      acks.abandoned.add('k1');
      clock.advance(60_000);
      const taken = await service.ack(principal, request());
      expect(taken).toEqual({ answer: first.answer, replayed: true });
      expect(cluster.patches).toHaveLength(1);
      expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 200, response: first.answer });
      // The stored answer is final from then on.
      expect(await service.ack(principal, request())).toEqual({ answer: first.answer, replayed: true });
    });

    it('pod written and deleted, answer not stored: answers the first attempt\'s answer from the pod\'s tombstone', async () => {
      const { cluster, acks, service, deletedStamps } = setup();
      acks.dropAnswers = true;
      const first = await service.ack(principal, request());
      acks.dropAnswers = false;
      // Its workload deleted it; the deletion kept its stamp.
      for (const t of tombstonesOf(cluster.pod!)) deletedStamps.set(t.id, t);
      cluster.pod = undefined;
      acks.abandoned.add('k1');
      expect(await service.ack(principal, request())).toEqual({ answer: first.answer, replayed: true });
      expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 200 });
    });

    it('pod released by another key and deleted: answers POD_GONE, as a first attempt would, the tombstone telling it was deleted', async () => {
      const { cluster, acks, service, deletedStamps } = setup();
      await acks.claim({ idempotencyKey: 'k1', actorTokenId: 't1', requestHash: 'h', namespace: 'ns', pod: 'web-1', hook: 'preDelete', createdAt: new Date() });
      await service.ack(principal, request('other'));
      for (const t of tombstonesOf(cluster.pod!)) deletedStamps.set(t.id, t);
      cluster.pod = undefined;
      acks.abandoned.add('k1');
      expect(await failure(service.ack(principal, request()))).toMatchObject({ code: 'POD_GONE' });
      expect(acks.rows.get('k1')).toMatchObject({ state: 'done', status: 410 });
    });

    it('pod gone without any tombstone (deleted while no Coxswain watched, Kubernetes mode): cannot tell, answers NOT_FOUND', async () => {
      const { cluster, acks, service } = setup();
      acks.dropAnswers = true;
      await service.ack(principal, request());
      acks.dropAnswers = false;
      cluster.pod = undefined;
      acks.abandoned.add('k1');
      expect(await failure(service.ack(principal, request()))).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('another key\'s stamp on the pod is not this key\'s: the takeover is refused as HOOK_NOT_PENDING', async () => {
      const { cluster, acks, service } = setup();
      await acks.claim({ idempotencyKey: 'k1', actorTokenId: 't1', requestHash: 'h', namespace: 'ns', pod: 'web-1', hook: 'preDelete', createdAt: new Date() });
      await service.ack(principal, request('other'));
      expect(readStamp(cluster.pod!, 'preDelete')?.id).not.toBe(acks.rows.get('k1')!.id);
      acks.abandoned.add('k1');
      expect(await failure(service.ack(principal, request()))).toMatchObject({ code: 'HOOK_NOT_PENDING' });
      expect(cluster.patches).toHaveLength(1);
    });

    it('a takeover that fails without an answer leaves the key in flight rather than forget the first attempt', async () => {
      const { cluster, acks, service } = setup();
      await acks.claim({ idempotencyKey: 'k1', actorTokenId: 't1', requestHash: 'h', namespace: 'ns', pod: 'web-1', hook: 'preDelete', createdAt: new Date() });
      acks.abandoned.add('k1');
      cluster.interfere = (n) => waitingPod(String(100 + n)); // POD_BUSY
      expect(await failure(service.ack(principal, request()))).toMatchObject({ code: 'POD_BUSY' });
      expect(acks.rows.get('k1')).toMatchObject({ state: 'in-flight' });
    });
  });

  it('refuses postUpdate/preNormal (restoring) acks on a terminating pod, but lets a preDelete release finish its deletion', async () => {
    const { cluster, service } = setup();
    cluster.pod = { ...waitingPod('10'), metadata: { ...waitingPod('10').metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } };
    expect((await service.ack(principal, request())).replayed).toBe(false);
    const restoring = setup();
    restoring.cluster.pod = { ...waitingPod('10', 'PreparingNormal'), metadata: { ...waitingPod('10', 'PreparingNormal').metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } };
    expect(await failure(restoring.service.ack(principal, { ...request(), hook: 'preNormal' }))).toMatchObject({ code: 'POD_GONE' });
  });
});
