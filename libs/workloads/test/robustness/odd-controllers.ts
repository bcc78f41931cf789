// A workload the admission lets through with any one field null, empty or odd must not trip a
// controller: each is reconciled, or its failure is Kruise's own (see REFUSED_SUBSET), and no controller
// or simulator reports a JavaScript error. Every workload lives in its own namespace, so none meets
// another's pods. Afterwards everything the API reads of each workload through its kind's descriptor
// is read back. This found a PVC template with `spec: null` failing every Advanced StatefulSet
// reconcile, a UnitedDeployment whose cloneSetTemplate has no spec failing to render its subsets, and
// one whose pod template has no spec failing the API's whole `workloads` list (an INTERNAL error).
import { describe, expect, it } from '@jest/globals';
import type { ControllerRevision, KubeObject, Pod } from '@coxswain/kruise-api';
import { WorkloadMutationError } from '../../src/kinds/mutation-error.js';
import { WORKLOAD_KINDS } from '../../src/kinds/registry.js';
import type { WorkloadKindDescriptor } from '../../src/kinds/types.js';
import { POD_REF } from '../../src/refs.js';
import { startUnitedEnv, type UnitedEnv } from '../support/united-env.js';
import { createAdmitted, oddVariants, paths } from './odd-fields.js';
import { WORKLOAD_MANIFESTS } from './odd-manifests.js';

const REVISION_REF = { apiVersion: 'apps/v1', kind: 'ControllerRevision' };

/**
 * Everything the API and the dashboard read of a workload through its kind's descriptor, with its pods
 * and revisions, and every mutation's edit: the JavaScript errors met (a refused edit is a
 * WorkloadMutationError, which is fine).
 */
function readBack(kind: WorkloadKindDescriptor, workload: KubeObject, pods: readonly Pod[], revisions: readonly ControllerRevision[]): string[] {
  const failures: string[] = [];
  const attempt = (what: string, read: () => unknown) => {
    try {
      read();
    } catch (err) {
      if (!(err instanceof WorkloadMutationError)) failures.push(`${what}: ${String(err)}`);
    }
  };
  const now = Date.parse('2026-01-01T00:01:00Z');
  attempt('printRow', () => kind.printRow(workload, now));
  attempt('status', () => kind.status(workload));
  attempt('expectedUpdatedReplicas', () => kind.expectedUpdatedReplicas(workload));
  attempt('images', () => kind.images(workload));
  attempt('replicas', () => kind.replicas(workload));
  attempt('updateStrategy', () => kind.updateStrategy(workload));
  attempt('lifecycle', () => kind.lifecycle(workload));
  attempt('subsets', () => kind.subsets?.(workload));
  for (const pod of pods) {
    attempt('pod reads', () => [kind.ownsPod(workload, pod), kind.podOrdinal?.(workload, pod), kind.podInstanceId?.(workload, pod), kind.podRevision?.(pod),
      kind.podSubset?.(workload, pod), kind.podAvailability(workload, pod, now), kind.isPodUpdated(workload, pod)]);
  }
  for (const revision of revisions) {
    attempt('revisionImages', () => kind.revisionImages?.(revision));
    attempt('rollback', () => kind.mutations.rollbackWorkload(workload, revision));
  }
  attempt('setImage', () => kind.mutations.setImage(workload, 'main', 'nginx:1.27'));
  attempt('setPartition', () => kind.mutations.setPartition(workload, '50%', 'a'));
  attempt('pauseRollout', () => kind.mutations.pauseRollout(workload));
  attempt('scale', () => kind.mutations.scaleWorkload(workload, 1));
  attempt('deletePods', () => kind.mutations.deletePods(workload, pods.slice(0, 1), true));
  return failures;
}

/** Every stored workload of every kind the API serves, in these namespaces, read back (readBack). */
async function readEveryWorkload(env: UnitedEnv, namespaces: Iterable<string>): Promise<string[]> {
  const failures: string[] = [];
  for (const namespace of namespaces) {
    const pods = (await env.cluster.store.list<Pod>(POD_REF, { namespace })).items;
    const revisions = (await env.cluster.store.list<ControllerRevision>(REVISION_REF, { namespace })).items;
    for (const kind of WORKLOAD_KINDS) {
      for (const workload of (await env.cluster.store.list(kind.ref, { namespace })).items) {
        failures.push(...readBack(kind, workload, pods, revisions).map((f) => `${namespace}: ${f}`));
      }
    }
  }
  return failures;
}

/** Which workload a controller's log line is about: its namespace names the field and value it holds. */
function namespaceOf(error: unknown): string {
  return /"key":"([^/"]+)\//.exec(String(error))?.[1] ?? '';
}

/**
 * Kruise validates nothing in a UnitedDeployment's cloneSetTemplate (docs/spec/uniteddeployment.md §1.3), so its
 * controller may render a CloneSet the CloneSet webhook refuses: that reconcile fails with the refusal
 * (an ApiError, retried with backoff) and a FailedUpdateSubset Warning. Anything else is a defect.
 */
const REFUSED_SUBSET = /reconcile failed; retrying with backoff .*"error":"ApiError: CloneSet /;

/**
 * Neither Kruise nor Kubernetes checks a workload's volumeClaimTemplates as claims, so a workload with an
 * odd one is admitted, and the claims its controller creates from it are refused as the apiserver
 * refuses them: that reconcile fails (retried with backoff) with a FailedCreate Warning, as Kruise's.
 */
const REFUSED_CLAIM = /reconcile failed; retrying with backoff .*"error":"(ApiError: |Error: failed to create PVC [^:]*: )PersistentVolumeClaim /;

/**
 * The suite for every `of`-th manifest of WORKLOAD_MANIFESTS, starting at `part`: a file per part, so
 * that Jest's workers share the work (one file of all took 80 s alone).
 */
export function oddControllersSuite(part: number, of: number): void {
  const manifests = WORKLOAD_MANIFESTS.filter((_m, i) => i % of === part);
  describe.each(manifests.map((m) => [`${m.apiVersion} ${m.kind}`, m] as const))('%s with one field emptied or odd', (_name, manifest) => {
    it('is reconciled, or refused with a Warning, and read back, without a JavaScript error', async () => {
      const united = manifest.kind === 'UnitedDeployment';
      const env = await startUnitedEnv({
        tolerate: (err) => (united && REFUSED_SUBSET.test(String(err)) && (refused.add(namespaceOf(err)), true))
          || (REFUSED_CLAIM.test(String(err)) && (refusedClaims.add(namespaceOf(err)), true)),
      });
      const refused = new Set<string>();
      const refusedClaims = new Set<string>();
      const fields = new Map<string, string>();
      let accepted = 0;
      let warned: Set<string>;
      let warnedClaims: Set<string>;
      let read: string[];
      try {
        const variants = [...oddVariants(manifest, ['apiVersion', 'kind', 'metadata', 'metadata.name', 'metadata.namespace'])].map(({ id, field, object }) => {
          const namespace = `odd-${id}`;
          fields.set(namespace, field);
          return { ...object, metadata: { ...object.metadata, namespace } };
        });
        accepted = await createAdmitted(env.cluster.store, variants);
        await env.run(20_000, 500);
        read = await readEveryWorkload(env, fields.keys());
        warned = new Set((await env.events()).filter((e) => e.reason === 'FailedUpdateSubset').map((e) => e.metadata.namespace!));
        warnedClaims = new Set((await env.events()).filter((e) => e.reason === 'FailedCreate' && e.type === 'Warning').map((e) => e.metadata.namespace!));
      } finally {
        await env.stop();
      }
      expect(env.errors.map((err) => `${fields.get(namespaceOf(err)) ?? '?'}: ${String(err)}`)).toEqual([]);
      expect(read!.map((failure) => `${fields.get(failure.split(':')[0]!)}: ${failure}`)).toEqual([]);
      expect([...refused].filter((namespace) => !warned!.has(namespace)).map((namespace) => fields.get(namespace))).toEqual([]);
      expect([...refusedClaims].filter((namespace) => !warnedClaims!.has(namespace)).map((namespace) => fields.get(namespace))).toEqual([]);
      // Most fields take null (Go's unset) or an empty value.
      expect(accepted).toBeGreaterThan(paths(manifest).length / 2);
    }, 120_000);
  });
}
