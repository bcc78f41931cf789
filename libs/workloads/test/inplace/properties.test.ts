// Properties of the in-place engine over random templates, changes, container priorities and grace
// periods: a calculated update, carried out through update → refresh → a simulated kubelet (and
// kruise-daemon for env-from-metadata restarts), ends with exactly the new revision's images, labels and
// annotations, and changes nothing that is not in-place-able.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Container, InPlaceUpdateSpec, Pod, PodTemplateSpec } from '@coxswain/kruise-api';
import { calculateInPlaceUpdateSpec } from '../../src/inplace/calculate-spec.js';
import { isInPlaceUpdateCompleted } from '../../src/inplace/completion.js';
import { envFromMetadataHash } from '../../src/inplace/env-from-metadata.js';
import { refreshInPlaceUpdate } from '../../src/inplace/refresh.js';
import { readInPlaceUpdateState } from '../../src/inplace/state.js';
import { cloneSetRevisionLabels, rewritePodInPlace, startInPlaceUpdate } from '../../src/inplace/update.js';
import { refreshLifecycleState } from '../../src/lifecycle/transitions.js';
import { barrier, condition, imageIdOf, podOf, revision, T0 } from './fixtures.js';

const LABEL_KEYS = ['k1', 'k2', 'k3'] as const;
const ANNOTATION_KEYS = ['a1', 'a2'] as const;
const value = fc.option(fc.constantFrom('x', 'y'), { nil: undefined });
const image = fc.constantFrom('img:1', 'img:2', 'busybox');

const containerArb = fc.record({
  image,
  newImage: image,
  labelRef: fc.option(fc.constantFrom(...LABEL_KEYS), { nil: undefined }),
  annotationRef: fc.option(fc.constantFrom(...ANNOTATION_KEYS), { nil: undefined }),
});

const caseArb = fc.record({
  containers: fc.array(containerArb, { minLength: 1, maxLength: 4 }),
  priorities: fc.option(fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 4, maxLength: 4 }), { nil: undefined }),
  oldLabels: fc.array(value, { minLength: 3, maxLength: 3 }),
  newLabels: fc.array(value, { minLength: 3, maxLength: 3 }),
  oldAnnotations: fc.array(value, { minLength: 2, maxLength: 2 }),
  newAnnotations: fc.array(value, { minLength: 2, maxLength: 2 }),
  graceSeconds: fc.constantFrom(0, 3),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function meta(keys: readonly string[], values: readonly (string | undefined)[], base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  keys.forEach((k, i) => {
    if (values[i] !== undefined) out[k] = values[i]!;
  });
  return out;
}

function templates(c: Case): { from: PodTemplateSpec; to: PodTemplateSpec } {
  const containers = (newImages: boolean): Container[] =>
    c.containers.map((x, i) => {
      const env = [
        ...(x.labelRef ? [{ name: 'L', valueFrom: { fieldRef: { fieldPath: `metadata.labels['${x.labelRef}']` } } }] : []),
        ...(x.annotationRef ? [{ name: 'A', valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${x.annotationRef}']` } } }] : []),
      ];
      return { name: `c${i}`, image: newImages ? x.newImage : x.image, ...(env.length ? { env } : {}) };
    });
  return {
    from: { metadata: { labels: meta(LABEL_KEYS, c.oldLabels, { app: 'web' }), annotations: meta(ANNOTATION_KEYS, c.oldAnnotations) }, spec: { containers: containers(false) } },
    to: { metadata: { labels: meta(LABEL_KEYS, c.newLabels, { app: 'web' }), annotations: meta(ANNOTATION_KEYS, c.newAnnotations) }, spec: { containers: containers(true) } },
  };
}

/** The kubelet plus kruise-daemon: restart containers whose image or metadata-sourced env changed, report runtime meta. */
function nodeStep(pod: Pod): Pod {
  const next = structuredClone(pod);
  const metaBefore = JSON.parse(pod.metadata.annotations!['apps.kruise.io/runtime-containers-meta'] ?? '{"containers":[]}') as {
    containers: { name: string; hashes: { extractedEnvFromMetadataHash: number } }[];
  };
  next.status!.containerStatuses = next.spec.containers.map((c) => {
    const s = pod.status!.containerStatuses!.find((x) => x.name === c.name)!;
    const hash = envFromMetadataHash(c, pod.metadata);
    const before = metaBefore.containers.find((m) => m.name === c.name)?.hashes.extractedEnvFromMetadataHash;
    if (s.image === c.image && (before === undefined || before === hash)) return s;
    const restarts = s.restartCount + 1;
    return { ...s, image: c.image!, imageID: imageIdOf(c.image!), ready: true, restartCount: restarts, containerID: `containerd://${c.name}-${restarts}` };
  });
  next.metadata.annotations!['apps.kruise.io/runtime-containers-meta'] = JSON.stringify({
    containers: next.spec.containers.map((c) => ({
      name: c.name,
      containerID: next.status!.containerStatuses!.find((s) => s.name === c.name)!.containerID,
      hashes: { extractedEnvFromMetadataHash: envFromMetadataHash(c, next.metadata) },
    })),
  });
  return next;
}

function startingPod(c: Case, from: PodTemplateSpec): Pod {
  let pod = podOf(from, 'web-old1', { state: 'Normal' });
  if (c.priorities && pod.spec.containers.length >= 2) {
    pod.spec.containers.forEach((x, i) => (x.env = [...(x.env ?? []), barrier(c.priorities![i]!)]));
  }
  pod = nodeStep(pod);
  return pod;
}

/**
 * Runs the update to completion; returns the final pod and how many writes it took. `frozen`: every pod
 * the engine is given is deeply frozen first, as the store and the informers' caches hand them out.
 */
function carryOut(pod: Pod, spec: InPlaceUpdateSpec, frozen = false): { pod: Pod; writes: number } {
  const given = (p: Pod): Pod => (frozen ? deepFreeze(p) : p);
  let now = T0;
  let writes = 0;
  const unready = startInPlaceUpdate(given(pod), spec, now);
  if (unready) {
    pod = unready;
    writes++;
  }
  pod = rewritePodInPlace(given(pod), spec, { now, revisionLabels: cloneSetRevisionLabels('web-new2', false), lifecycleUpdating: 'always' }).pod;
  writes++;
  for (let step = 0; step < 40; step++) {
    now += 1000;
    const r = refreshInPlaceUpdate(given(pod), now);
    if (r.action === 'error') throw new Error(r.message);
    if (r.action === 'update' || r.action === 'updateStatus') {
      pod = r.pod;
      writes++;
      if (r.action === 'updateStatus') return { pod, writes };
    } else if (r.action === 'none') {
      pod = nodeStep(pod);
    }
  }
  throw new Error('the in-place update did not complete');
}

function withoutImages(pod: Pod) {
  return pod.spec.containers.map(({ image: _image, ...rest }) => rest);
}

describe('in-place update properties', () => {
  it('a calculated update, applied and completed, yields the new revision\'s images and metadata and touches nothing else', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { from, to } = templates(c);
        const spec = calculateInPlaceUpdateSpec(revision('web-old1', from), revision('web-new2', to), { gracePeriodSeconds: c.graceSeconds });
        expect(spec).toBeDefined();
        const before = startingPod(c, from);
        const { pod, writes } = carryOut(before, spec!);

        expect(pod.spec.containers.map((x) => x.image)).toEqual(to.spec.containers.map((x) => x.image));
        expect(withoutImages(pod)).toEqual(withoutImages(before));
        expect({ ...pod.spec, containers: [] }).toEqual({ ...before.spec, containers: [] });
        for (const key of LABEL_KEYS) expect(pod.metadata.labels![key]).toBe(to.metadata!.labels![key]);
        for (const key of ANNOTATION_KEYS) expect(pod.metadata.annotations![key]).toBe(to.metadata!.annotations![key]);
        expect(pod.metadata.labels!['app']).toBe('web');
        expect(pod.metadata.labels!['controller-revision-hash']).toBe('web-new2');
        expect(pod.metadata.name).toBe(before.metadata.name);
        expect(pod.metadata.uid).toBe(before.metadata.uid);

        expect(isInPlaceUpdateCompleted(pod)).toBe(true);
        expect(condition(pod, 'InPlaceUpdateReady')?.status).toBe('True');
        expect(refreshLifecycleState({ workload: 'CloneSet', lifecycle: undefined, pod, updateRevision: 'web-new2', now: T0 })?.to).toBe('Normal');

        // Every changed container is rewritten in exactly one batch; writes = unready + rewrite + batches after the first + ready.
        const batches = readInPlaceUpdateState(pod.metadata)!.containerBatchesRecord ?? [];
        const rewritten = batches.flatMap((b) => b.containers).sort();
        const changed = new Set([...Object.keys(spec!.containerImages ?? {}), ...Object.keys(spec!.containerRefMetadata ?? {})]);
        expect(rewritten).toEqual([...changed].sort());
        expect(writes).toBe(1 + 1 + (batches.length - (c.graceSeconds > 0 ? 0 : 1)) + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('never modifies the pods it is given: frozen pods (as the store holds them) give the same update', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { from, to } = templates(c);
        const spec = calculateInPlaceUpdateSpec(revision('web-old1', from), revision('web-new2', to), { gracePeriodSeconds: c.graceSeconds })!;
        const before = startingPod(c, from);
        const copy = structuredClone(before);
        // Writing into a frozen object throws here (ES modules are strict).
        expect(carryOut(before, spec, true)).toEqual(carryOut(copy, spec));
        expect(before).toEqual(startingPod(c, from));
      }),
      { numRuns: 200 },
    );
  });

  it('any change beyond images and template metadata forces a recreate', () => {
    const forbidden = fc.constantFrom(
      (t: PodTemplateSpec) => (t.spec.containers[0]!.command = ['sh']),
      (t: PodTemplateSpec) => (t.spec.containers[0]!.env = [...(t.spec.containers[0]!.env ?? []), { name: 'X', value: '1' }]),
      (t: PodTemplateSpec) => t.spec.containers.push({ name: 'extra', image: 'img:1' }),
      (t: PodTemplateSpec) => (t.spec.containers[0]!.name = 'renamed'),
      (t: PodTemplateSpec) => (t.spec.terminationGracePeriodSeconds = 5),
      (t: PodTemplateSpec) => (t.spec.containers[0]!.resources = { limits: { cpu: '1' } }),
    );
    fc.assert(
      fc.property(caseArb, forbidden, (c, edit) => {
        const { from, to } = templates(c);
        edit(to);
        expect(calculateInPlaceUpdateSpec(revision('web-old1', from), revision('web-new2', to))).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
