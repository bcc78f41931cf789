// Builders for the in-place tests: revisions holding a template exactly as CloneSet stores them, pods
// created from a template, and a tiny kubelet stand-in that reports containers as running their spec.
import type { Container, ControllerRevision, ContainerStatus, Pod, PodTemplateSpec } from '@coxswain/kruise-api';

export const T0 = Date.parse('2026-05-01T12:00:00Z');

export function template(containers: Container[], labels: Record<string, string> = { app: 'web' }, annotations?: Record<string, string>): PodTemplateSpec {
  return { metadata: { labels, ...(annotations ? { annotations } : {}) }, spec: { containers } };
}

/** A ControllerRevision whose data is `{"spec":{"template":{...,"$patch":"replace"}}}`. */
export function revision(name: string, t: PodTemplateSpec, annotations?: Record<string, string>): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name, namespace: 'demo', ...(annotations ? { annotations } : {}) },
    revision: 1,
    data: JSON.parse(JSON.stringify({ spec: { template: { ...t, $patch: 'replace' } } })),
  };
}

export function imageIdOf(image: string): string {
  return `docker-pullable://${image}@sha256:${image.length}`;
}

export function runningStatus(c: Container, ready = true, restartCount = 0): ContainerStatus {
  return { name: c.name, image: c.image ?? '', imageID: imageIdOf(c.image ?? ''), ready, restartCount, containerID: `containerd://${c.name}-${restartCount}` };
}

/** A running, ready CloneSet-like pod of `t` at `revisionName`, with the InPlaceUpdateReady gate. */
export function podOf(t: PodTemplateSpec, revisionName: string, extra: { name?: string; state?: string; gates?: string[] } = {}): Pod {
  const containers = structuredClone(t.spec.containers);
  const gates = extra.gates ?? ['InPlaceUpdateReady'];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: extra.name ?? 'web-abcde',
      namespace: 'demo',
      uid: 'uid-1',
      resourceVersion: '7',
      labels: {
        ...(t.metadata?.labels ?? {}),
        'controller-revision-hash': revisionName,
        'pod-template-hash': revisionName.slice(revisionName.lastIndexOf('-') + 1),
        ...(extra.state !== undefined ? { 'lifecycle.apps.kruise.io/state': extra.state } : {}),
      },
      annotations: { ...(t.metadata?.annotations ?? {}) },
    },
    spec: { ...structuredClone(t.spec), containers, nodeName: 'node-a', readinessGates: gates.map((conditionType) => ({ conditionType })) },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'ContainersReady', status: 'True' },
        { type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T11:00:00Z' },
        ...gates.map((type) => ({ type, status: 'True' as const })),
      ],
      containerStatuses: containers.map((c) => runningStatus(c)),
    },
  };
}

/**
 * The kubelet's view after it restarted every container whose spec image differs from what runs:
 * new image, new imageID, restart count + 1; `ready` for the restarted ones as given.
 */
export function kubeletRestartChanged(pod: Pod, ready = true): Pod {
  const next = structuredClone(pod);
  next.status!.containerStatuses = next.spec.containers.map((c) => {
    const s = pod.status!.containerStatuses!.find((x) => x.name === c.name)!;
    if (s.image === c.image) return s;
    return runningStatus(c, ready, s.restartCount + 1);
  });
  return next;
}

export function condition(pod: Pod, type: string) {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function stateOf(pod: Pod): unknown {
  const text = pod.metadata.annotations?.['apps.kruise.io/inplace-update-state'];
  return text === undefined ? undefined : JSON.parse(text);
}

export function graceOf(pod: Pod): unknown {
  const text = pod.metadata.annotations?.['apps.kruise.io/inplace-update-grace'];
  return text === undefined ? undefined : JSON.parse(text);
}

/** The barrier env the Kruise webhook injects for priority `p`. */
export function barrier(p: number, podName = 'web-abcde') {
  return { name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: `${podName}-barrier`, key: `p_${p}` } } };
}
