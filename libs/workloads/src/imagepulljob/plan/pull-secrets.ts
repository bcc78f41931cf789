// The job's pull Secrets as kruise-daemon reads them (docs/spec/image-pull.md §3.7): copies in
// kruise-daemon-config, annotated with their source and the jobs that use them; a running job claims a
// copy per Secret (the one already naming it, else the first by name, else a new one), a finished or
// deleted job, or one that no longer lists the Secret, releases its copies (a copy no job names is
// deleted). Pure: the copies' random suffix comes in.
import {
  ANNOTATION_SECRET_MODE, ANNOTATION_SECRET_REFERENCES, ANNOTATION_SECRET_SOURCE_KEY, KRUISE_DAEMON_CONFIG_NAMESPACE, REFERENCE_MODE_BATCH,
  type ImagePullJob, type ReferenceObject, type Secret,
} from '@coxswain/kruise-api';

export type SecretWrite = { type: 'create'; secret: Secret } | { type: 'update'; secret: Secret } | { type: 'delete'; secret: Secret };

export interface PullSecretsPlan {
  /** What the NodeImages list for the job (in `pullSecrets` order; missing sources are skipped). */
  refs: ReferenceObject[];
  writes: SecretWrite[];
}

const jobKey = (job: ImagePullJob) => `${job.metadata.namespace ?? ''}/${job.metadata.name ?? ''}`;

function referencingJobs(secret: Secret): Set<string> {
  const value = secret.metadata.annotations?.[ANNOTATION_SECRET_REFERENCES] ?? '';
  return new Set(value === '' ? [] : value.split(',').filter((key) => key.split('/').length <= 2));
}

function withReferences(secret: Secret, jobs: Set<string>): Secret {
  return { ...secret, metadata: { ...secret.metadata, annotations: { ...(secret.metadata.annotations ?? {}), [ANNOTATION_SECRET_REFERENCES]: [...jobs].sort().join(',') } } };
}

/**
 * `sources`: the job's Secrets that exist, by name, in its namespace; `copies`: the Secrets of
 * kruise-daemon-config. Nothing to do for a running job without pullSecrets; a job in
 * kruise-daemon-config uses its Secrets as they are.
 */
export function planPullSecrets(
  job: ImagePullJob, sources: ReadonlyMap<string, Secret>, copies: readonly Secret[], randomSuffix: () => string,
): PullSecretsPlan {
  const running = !job.metadata.deletionTimestamp && !job.status?.completionTime;
  const names = job.spec.pullSecrets ?? [];
  if (names.length === 0 && running) return { refs: [], writes: [] };
  if (job.metadata.namespace === KRUISE_DAEMON_CONFIG_NAMESPACE) {
    return { refs: names.map((name) => ({ namespace: job.metadata.namespace, name })), writes: [] };
  }
  const key = jobKey(job);
  const desired = new Map<string, Secret | undefined>(running ? names.map((name) => [`${job.metadata.namespace ?? ''}/${name}`, undefined]) : []);
  const released: Secret[] = [];
  for (const copy of [...copies].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1))) {
    if (copy.metadata.deletionTimestamp) continue;
    const jobs = referencingJobs(copy);
    if (!running) {
      if (jobs.has(key)) released.push(copy);
      continue;
    }
    const source = copy.metadata.annotations?.[ANNOTATION_SECRET_SOURCE_KEY] ?? '';
    if (desired.has(source)) {
      if (desired.get(source) === undefined || jobs.has(key)) desired.set(source, copy);
      continue;
    }
    if (jobs.has(key)) released.push(copy);
  }
  const writes: SecretWrite[] = [];
  for (const copy of released) {
    const jobs = referencingJobs(copy);
    jobs.delete(key);
    writes.push(jobs.size === 0 ? { type: 'delete', secret: copy } : { type: 'update', secret: withReferences(copy, jobs) });
  }
  const refs: ReferenceObject[] = [];
  for (const [sourceKey, copy] of desired) {
    const source = sources.get(sourceKey.slice(sourceKey.indexOf('/') + 1));
    if (!source) continue; // a Secret that does not exist is skipped; the job goes on without it
    if (!copy) {
      const created: Secret = {
        apiVersion: 'v1', kind: 'Secret',
        metadata: {
          namespace: KRUISE_DAEMON_CONFIG_NAMESPACE,
          name: `${source.metadata.name}-${randomSuffix()}`,
          ...(source.metadata.labels ? { labels: source.metadata.labels } : {}),
          annotations: { ...(source.metadata.annotations ?? {}), [ANNOTATION_SECRET_REFERENCES]: key, [ANNOTATION_SECRET_SOURCE_KEY]: sourceKey, [ANNOTATION_SECRET_MODE]: REFERENCE_MODE_BATCH },
        },
        ...(source.type !== undefined ? { type: source.type } : {}),
        ...(source.data !== undefined ? { data: source.data } : {}),
        ...(source.stringData !== undefined ? { stringData: source.stringData } : {}),
      };
      writes.push({ type: 'create', secret: created });
      refs.push({ namespace: KRUISE_DAEMON_CONFIG_NAMESPACE, name: created.metadata.name, mode: REFERENCE_MODE_BATCH });
      continue;
    }
    const mode = copy.metadata.annotations?.[ANNOTATION_SECRET_MODE];
    refs.push({ namespace: copy.metadata.namespace, name: copy.metadata.name, ...(mode ? { mode } : {}) });
    const jobs = referencingJobs(copy);
    jobs.add(key);
    const refreshed: Secret = { ...withReferences(copy, jobs), data: source.data, stringData: source.stringData };
    if (!sameContent(refreshed, copy)) writes.push({ type: 'update', secret: dropUndefined(refreshed) });
  }
  return { refs, writes };
}

function sameContent(a: Secret, b: Secret): boolean {
  return JSON.stringify([a.data ?? null, a.stringData ?? null, a.metadata.annotations ?? {}]) === JSON.stringify([b.data ?? null, b.stringData ?? null, b.metadata.annotations ?? {}]);
}

function dropUndefined(secret: Secret): Secret {
  const { data, stringData, ...rest } = secret;
  return { ...rest, ...(data !== undefined ? { data } : {}), ...(stringData !== undefined ? { stringData } : {}) } as Secret;
}
