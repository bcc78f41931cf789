// Kubernetes' standard defaults for pod specs and PVCs (k8s.io/kubernetes/pkg/apis/core/v1 defaults.go),
// as Kruise's mutating webhook injects them into workload templates (apis/apps/defaults/pod.go).
// Revision hashes are computed over the stored template, so these defaults decide when two manifests
// are "the same revision". Every function returns a new object and only fills fields that are unset
// (Go's zero value counts as unset), which makes defaulting idempotent.
import type {
  Container,
  HTTPGetAction,
  ObjectFieldSelector,
  PersistentVolumeClaimTemplate,
  PodSpec,
  PodTemplateSpec,
  Probe,
  PullPolicy,
  Volume,
} from './core.js';

export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
export const TERMINATION_MESSAGE_PATH_DEFAULT = '/dev/termination-log';
/** 0644, the default file mode of secret, configMap, downwardAPI and projected volumes. */
export const DEFAULT_VOLUME_FILE_MODE = 0o644;

// Docker reference grammar (distribution/reference), enough to find the tag the way Kubernetes does.
const DOMAIN = /^(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*(?::[0-9]+)?$/;
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^\w[\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;

/** Tag and digest of an image reference; undefined when Kubernetes' parser would reject it. */
function parseImageReference(image: string): { tag?: string; digest?: string } | undefined {
  let name = image;
  let digest: string | undefined;
  const at = name.indexOf('@');
  if (at >= 0) {
    digest = name.slice(at + 1);
    name = name.slice(0, at);
    if (!DIGEST.test(digest)) return undefined;
  }
  let tag: string | undefined;
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
    if (!TAG.test(tag)) return undefined;
  }
  const parts = name.split('/');
  // As in splitDockerDomain: the first part is a registry when it looks like a host name.
  const first = parts[0]!;
  const hasDomain = parts.length > 1 && (/[.:]/.test(first) || first === 'localhost' || first.toLowerCase() !== first);
  if (hasDomain && !DOMAIN.test(parts.shift()!)) return undefined;
  if (parts.length === 0 || !parts.every((part) => PATH_COMPONENT.test(part))) return undefined;
  const result: { tag?: string; digest?: string } = {};
  if (tag !== undefined) result.tag = tag;
  if (digest !== undefined) result.digest = digest;
  return result;
}

/**
 * Kubernetes' imagePullPolicy default: Always for `:latest` or an image with neither tag nor digest,
 * IfNotPresent otherwise (also for a reference it cannot parse, as Kubernetes ignores that error).
 */
export function defaultImagePullPolicy(image: string | null | undefined): PullPolicy {
  // null is how a manifest leaves the field unset (Go decodes it to "").
  const ref = typeof image === 'string' && image !== '' ? parseImageReference(image) : undefined;
  if (ref === undefined) return 'IfNotPresent';
  const tag = ref.tag ?? (ref.digest === undefined ? 'latest' : '');
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function defaultFieldRef(ref: ObjectFieldSelector | undefined): void {
  if (ref !== undefined && ref !== null && isUnset(ref.apiVersion)) ref.apiVersion = 'v1';
}

function defaultHTTPGet(action: HTTPGetAction | undefined): void {
  if (action === undefined || action === null) return;
  if (isUnset(action.path)) action.path = '/';
  if (isUnset(action.scheme)) action.scheme = 'HTTP';
}

function defaultProbe(probe: Probe | undefined): void {
  if (probe === undefined || probe === null) return;
  // Go's zero value counts as unset, so an explicit 0 is replaced too.
  if (!probe.timeoutSeconds) probe.timeoutSeconds = 1;
  if (!probe.periodSeconds) probe.periodSeconds = 10;
  if (!probe.successThreshold) probe.successThreshold = 1;
  if (!probe.failureThreshold) probe.failureThreshold = 3;
  defaultHTTPGet(probe.httpGet);
}

function defaultContainer(container: Container): void {
  if (isUnset(container.imagePullPolicy)) container.imagePullPolicy = defaultImagePullPolicy(container.image);
  if (isUnset(container.terminationMessagePath)) container.terminationMessagePath = TERMINATION_MESSAGE_PATH_DEFAULT;
  if (isUnset(container.terminationMessagePolicy)) container.terminationMessagePolicy = 'File';
  for (const port of container.ports ?? []) if (isUnset(port.protocol)) port.protocol = 'TCP';
  for (const env of container.env ?? []) defaultFieldRef(env.valueFrom?.fieldRef);
  defaultProbe(container.livenessProbe);
  defaultProbe(container.readinessProbe);
  defaultProbe(container.startupProbe);
  defaultHTTPGet(container.lifecycle?.postStart?.httpGet);
  defaultHTTPGet(container.lifecycle?.preStop?.httpGet);
}

type LooseRecord = Record<string, unknown>;

function asRecord(value: unknown): LooseRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LooseRecord) : undefined;
}

function defaultMode(source: unknown): void {
  const record = asRecord(source);
  if (record !== undefined && record['defaultMode'] === undefined) record['defaultMode'] = DEFAULT_VOLUME_FILE_MODE;
}

function defaultVolume(volume: Volume): void {
  const sources = Object.keys(volume).filter((key) => key !== 'name' && (volume as unknown as LooseRecord)[key] !== undefined);
  // A volume with no source is an emptyDir.
  if (sources.length === 0) volume.emptyDir = {};
  if (volume.hostPath && volume.hostPath.type === undefined) volume.hostPath.type = '';
  defaultMode(volume.secret);
  defaultMode(volume.configMap);
  defaultMode(volume.downwardAPI);
  for (const item of volume.downwardAPI?.items ?? []) defaultFieldRef(item.fieldRef);
  // `projected` is not modelled in core.ts but appears in real manifests; default it as Kubernetes does.
  const projected = asRecord((volume as unknown as LooseRecord)['projected']);
  if (projected !== undefined) {
    defaultMode(projected);
    for (const source of Array.isArray(projected['sources']) ? projected['sources'] : []) {
      const downwardAPI = asRecord(asRecord(source)?.['downwardAPI']);
      for (const item of Array.isArray(downwardAPI?.['items']) ? downwardAPI['items'] : []) {
        defaultFieldRef(asRecord(item)?.['fieldRef'] as ObjectFieldSelector | undefined);
      }
      const token = asRecord(asRecord(source)?.['serviceAccountToken']);
      if (token !== undefined && token['expirationSeconds'] === undefined) token['expirationSeconds'] = 3600;
    }
  }
}

function defaultPodSpecInPlace(spec: PodSpec): void {
  if (isUnset(spec.dnsPolicy)) spec.dnsPolicy = 'ClusterFirst';
  if (isUnset(spec.restartPolicy)) spec.restartPolicy = 'Always';
  if (spec.securityContext === undefined || spec.securityContext === null) spec.securityContext = {};
  if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) {
    spec.terminationGracePeriodSeconds = DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  }
  if (isUnset(spec.schedulerName)) spec.schedulerName = DEFAULT_SCHEDULER_NAME;
  for (const volume of Array.isArray(spec.volumes) ? spec.volumes : []) if (asRecord(volume)) defaultVolume(volume);
  for (const list of [spec.initContainers, spec.containers]) {
    for (const container of Array.isArray(list) ? list : []) if (asRecord(container)) defaultContainer(container);
  }
}

/** SetDefaults_PodSpec plus the container, volume and probe defaults Kruise applies to templates. */
export function setDefaultsPodSpec(spec: PodSpec): PodSpec {
  const copy = structuredClone(spec);
  defaultPodSpecInPlace(copy);
  return copy;
}

/** The template with its pod spec defaulted; metadata is left alone. A template without spec is returned as is. */
export function setDefaultsPodTemplateSpec(template: PodTemplateSpec): PodTemplateSpec {
  const copy = structuredClone(template);
  if (asRecord(copy.spec) !== undefined) defaultPodSpecInPlace(copy.spec);
  return copy;
}

/** SetDefaults_PersistentVolumeClaimSpec for a volumeClaimTemplate: volumeMode Filesystem. */
export function setDefaultsPersistentVolumeClaimTemplate(pvc: PersistentVolumeClaimTemplate): PersistentVolumeClaimTemplate {
  const copy = structuredClone(pvc);
  if (asRecord(copy.spec) !== undefined && isUnset(copy.spec.volumeMode)) copy.spec.volumeMode = 'Filesystem';
  return copy;
}
