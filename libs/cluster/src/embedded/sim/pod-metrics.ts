// Simulated application metrics of the embedded cluster's pods (docs/analysis.md §1): every running
// container serves requests at a steady rate, and a share of them fail as the pod's
// coxswain.io/simulated-error-rate annotation says (default 0). The counters are computed from the
// container's start time and the Clock at each scrape, so they advance with simulated time, start over
// when a container restarts (a counter reset, as Prometheus expects), and need no timers. The pods are
// listed at each scrape, so a cluster nobody scrapes pays nothing; the kubelet simulator is not involved.
import { ANNOTATION_SIMULATED_ERROR_RATE, parseSimulatedErrorRate, type Pod } from '@coxswain/kruise-api';
import type { Clock } from '../../clock.js';
import type { ClusterClient } from '../../port.js';
import { POD } from './core-kinds.js';

export interface PodMetricsOptions {
  /** Requests each running container serves per second of simulated time. Default 10. */
  requestsPerSecond: number;
  /** Where a pod with a bad error-rate annotation (stored before admission checked it) is reported. */
  onError?: (err: unknown) => void;
}

export const DEFAULT_REQUESTS_PER_SECOND = 10;

/** One container's counters, with the labels a query selects by. */
export interface ContainerSample {
  namespace: string;
  pod: string;
  container: string;
  /** The pod's controller-revision-hash label, else its pod-template-hash, else empty. */
  revision: string;
  /** The name of the pod's controlling owner (CloneSet, StatefulSet, ReplicaSet…), else empty. */
  workload: string;
  requests: number;
  errors: number;
  errorRate: number;
}

/** The samples of one pod at `now` (pure). A bad annotation counts as 0 and is returned as `invalid`. */
export function podSamples(pod: Pod, now: number, requestsPerSecond: number): { samples: ContainerSample[]; invalid?: string } {
  if (pod.metadata.deletionTimestamp || pod.status?.phase !== 'Running') return { samples: [] };
  const annotations = pod.metadata.annotations ?? {};
  if (typeof annotations !== 'object') return { samples: [] };
  let errorRate = 0;
  let invalid: string | undefined;
  if (ANNOTATION_SIMULATED_ERROR_RATE in annotations) {
    const parsed = parseSimulatedErrorRate(annotations[ANNOTATION_SIMULATED_ERROR_RATE]);
    if ('error' in parsed) invalid = `pod ${pod.metadata.namespace}/${pod.metadata.name}: annotation ${ANNOTATION_SIMULATED_ERROR_RATE} ${parsed.error}; its simulated error rate is 0`;
    else errorRate = parsed.rate;
  }
  const labels = pod.metadata.labels ?? {};
  const revision = String(labels['controller-revision-hash'] ?? labels['pod-template-hash'] ?? '');
  const owners: unknown = pod.metadata.ownerReferences;
  const workload = String((Array.isArray(owners) ? (owners as { controller?: boolean; name?: string }[]) : []).find((ref) => ref?.controller)?.name ?? '');
  const samples: ContainerSample[] = [];
  // Read defensively: a pod stored before admission checked its schema may hold anything here.
  const statuses: unknown = pod.status.containerStatuses;
  for (const status of Array.isArray(statuses) ? (statuses as NonNullable<NonNullable<Pod['status']>['containerStatuses']>) : []) {
    const raw: unknown = status?.state?.running?.startedAt;
    const startedAt = typeof raw === 'string' ? Date.parse(raw) : NaN;
    if (typeof status?.name !== 'string') continue;
    if (Number.isNaN(startedAt)) continue;
    const requests = Math.floor((Math.max(0, now - startedAt) / 1000) * requestsPerSecond);
    samples.push({
      namespace: pod.metadata.namespace ?? '', pod: pod.metadata.name ?? '', container: status.name, revision, workload,
      requests, errors: Math.floor(requests * errorRate), errorRate,
    });
  }
  return invalid ? { samples, invalid } : { samples };
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** Prometheus text exposition (version 0.0.4) of the samples (pure). */
export function formatPodMetrics(samples: readonly ContainerSample[]): string {
  const labels = (s: ContainerSample) =>
    `namespace="${escapeLabel(s.namespace)}",pod="${escapeLabel(s.pod)}",container="${escapeLabel(s.container)}",revision="${escapeLabel(s.revision)}",workload="${escapeLabel(s.workload)}"`;
  const family = (name: string, type: string, help: string, value: (s: ContainerSample) => number) =>
    [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map((s) => `${name}{${labels(s)}} ${value(s)}`)].join('\n');
  return [
    family('coxswain_simulated_requests_total', 'counter', 'Requests a running container of the embedded cluster has served (simulated)', (s) => s.requests),
    family('coxswain_simulated_request_errors_total', 'counter', 'Requests that failed, by the pod annotation coxswain.io/simulated-error-rate (simulated)', (s) => s.errors),
    family('coxswain_simulated_error_rate', 'gauge', 'The error rate the pod annotation coxswain.io/simulated-error-rate sets (0 to 1)', (s) => s.errorRate),
  ].join('\n') + '\n';
}

export class PodMetricsSimulator {
  private readonly options: PodMetricsOptions;
  /** Bad annotations already reported, by pod uid and value, so a scrape does not repeat them. */
  private readonly reported = new Set<string>();

  constructor(private readonly client: ClusterClient, private readonly clock: Clock, options: Partial<PodMetricsOptions> = {}) {
    this.options = { requestsPerSecond: DEFAULT_REQUESTS_PER_SECOND, ...options };
  }

  /** Every running container's counters now, as Prometheus text. */
  async exposition(): Promise<string> {
    const pods = await this.client.list<Pod>(POD);
    const now = this.clock.now();
    const samples: ContainerSample[] = [];
    for (const pod of pods.items) {
      const { samples: own, invalid } = podSamples(pod, now, this.options.requestsPerSecond);
      samples.push(...own);
      const key = `${pod.metadata.uid}/${pod.metadata.annotations?.[ANNOTATION_SIMULATED_ERROR_RATE]}`;
      if (invalid && !this.reported.has(key)) {
        this.reported.add(key);
        this.options.onError?.(new Error(invalid));
      }
    }
    samples.sort((a, b) => a.namespace.localeCompare(b.namespace) || a.pod.localeCompare(b.pod) || a.container.localeCompare(b.container));
    return formatPodMetrics(samples);
  }
}
