// Optimistic-concurrency writes: compute the change from the latest object, write with its resourceVersion,
// and on Conflict read again and recompute, so a writer never clobbers what someone else just wrote.
import type { KubeObject } from '@coxswain/kruise-api';
import { isApiError } from '../../errors.js';
import type { ClusterClient, KindRef } from '../../port.js';

const MAX_ATTEMPTS = 10;

/**
 * Writes `compute(latest)` through `write`, re-reading on Conflict. `compute` returns undefined when there is
 * nothing (left) to write. Resolves with the written object, or undefined when nothing was written or the
 * object is gone (or was replaced by another with the same name).
 */
export async function writeWithRetry<T extends KubeObject>(
  client: ClusterClient,
  ref: KindRef,
  current: T,
  compute: (latest: T) => T | undefined,
  write: (object: T) => Promise<T>,
): Promise<T | undefined> {
  const uid = current.metadata.uid;
  let latest = current;
  for (let attempt = 1; ; attempt++) {
    const next = compute(latest);
    if (!next) return undefined;
    try {
      return await write(next);
    } catch (err) {
      if (!isApiError(err, 'Conflict') || attempt >= MAX_ATTEMPTS) throw err;
    }
    const fresh = await getIfPresent<T>(client, ref, latest);
    if (!fresh || fresh.metadata.uid !== uid) return undefined;
    latest = fresh;
  }
}

export function updateStatusWithRetry<T extends KubeObject>(
  client: ClusterClient,
  ref: KindRef,
  current: T,
  compute: (latest: T) => T | undefined,
): Promise<T | undefined> {
  return writeWithRetry(client, ref, current, compute, (object) => client.updateStatus(object));
}

async function getIfPresent<T extends KubeObject>(client: ClusterClient, ref: KindRef, object: T): Promise<T | undefined> {
  try {
    return await client.get<T>(ref, object.metadata.namespace, object.metadata.name ?? '');
  } catch (err) {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  }
}

/** Whichever copy of the same object is newer, judged by resourceVersion (numeric in the embedded store). */
export function newerOf<T extends KubeObject>(a: T, b: T | undefined): T {
  if (!b || a.metadata.uid !== b.metadata.uid) return a;
  const ra = a.metadata.resourceVersion ?? '';
  const rb = b.metadata.resourceVersion ?? '';
  if (/^\d+$/.test(ra) && /^\d+$/.test(rb)) return BigInt(rb) > BigInt(ra) ? b : a;
  return a;
}
