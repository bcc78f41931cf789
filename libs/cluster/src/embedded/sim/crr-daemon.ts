// kruise-daemon's ContainerRecreateRequest worker for every simulated node (docs/spec/image-pull.md §7.2):
// it watches the active requests, works per pod (`<namespace>/<podName>`), and restarts the named
// containers in place through the kubelet simulator. Like the real daemon it is woken only by the
// requests themselves (the controller's sync-container-statuses annotation carries the pod's changes)
// and by its own timers (minStartedSeconds, the unready grace period). The preStop hook the real daemon
// runs before a kill has nothing to act on in the simulator: the kill stops the container at once
// (its simulated process exits on SIGTERM), so terminationGracePeriodSeconds never runs out.
import {
  LABEL_CRR_ACTIVE, LABEL_CRR_NODE_NAME, LABEL_CRR_POD_UID, type ContainerRecreateRequest,
  type ContainerRecreateRequestContainerRecreateState as RecreateState, type ContainerRecreateRequestPhase,
} from '@coxswain/kruise-api';
import type { Clock } from '../../clock.js';
import { isoNow } from '../../clock.js';
import { isApiError } from '../../errors.js';
import type { ClusterClient, KindRef } from '../../port.js';
import { currentRecreateStates, isFinished, manageStep, pickRequest, unreadyGate, type RuntimeView } from './crr-daemon-rules.js';
import { KeyedQueue } from './keyed-queue.js';
import { ListWatchCache } from './list-watch.js';
import { newerOf, updateStatusWithRetry } from './optimistic-write.js';
import { TimerSet } from './timer-set.js';

export const CONTAINER_RECREATE_REQUEST: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest' };

const RETRY_AFTER_ERROR_MS = 1000;
/** How often the requests of a pod whose node is down are looked at again. */
const NODE_DOWN_RETRY_MS = 1000;

/** What the daemon needs of the node's runtime: the kubelet simulator. */
export interface ContainerRuntime {
  runtimeView(podUid: string): RuntimeView;
  killContainer(podUid: string, name: string, containerID: string): void;
  /** Whether the node's kubelet is up (a down node's daemon does nothing). */
  nodeUp(nodeName: string): boolean;
}

export class CrrDaemonSimulator {
  private readonly timers: TimerSet;
  private readonly queue: KeyedQueue;
  private readonly requests: ListWatchCache<ContainerRecreateRequest>;
  /** Our own writes, newer than the watch until it catches up (Kruise's resourceVersion expectation). */
  private readonly written = new Map<string, ContainerRecreateRequest>();
  private stopped = false;

  constructor(
    private readonly client: ClusterClient,
    private readonly clock: Clock,
    private readonly runtime: ContainerRuntime,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timers = new TimerSet(clock);
    this.queue = new KeyedQueue((key) => this.sync(key), (err) => {
      if (!this.stopped) onError(err);
    });
    this.requests = new ListWatchCache<ContainerRecreateRequest>(client, clock, CONTAINER_RECREATE_REQUEST, {
      upserted: (crr) => this.enqueue(crr),
      deleted: (crr) => this.written.delete(crr.metadata.uid ?? ''),
    }, onError);
  }

  async start(): Promise<void> {
    await this.requests.start();
  }

  /** Stops watching and cancels timers; a kill under way finishes on the kubelet's side. */
  stop(): void {
    this.stopped = true;
    this.requests.stop();
    this.queue.stop();
    this.timers.cancelAll();
  }

  /** Resolves when no pod is being synced (for tests). */
  async idle(): Promise<void> {
    await this.queue.drained();
  }

  private enqueue(crr: ContainerRecreateRequest): void {
    if (!watched(crr) || isFinished(crr)) return;
    this.queue.mark(podKey(crr));
  }

  private latest(crr: ContainerRecreateRequest): ContainerRecreateRequest {
    const mine = this.written.get(crr.metadata.uid ?? '');
    const newest = newerOf(crr, mine);
    if (newest === crr) this.written.delete(crr.metadata.uid ?? '');
    return newest;
  }

  private async sync(key: string): Promise<void> {
    if (this.stopped) return;
    const [namespace, podName] = splitKey(key);
    const crrs = [...this.requests.values()]
      .filter((c) => watched(c) && (c.metadata.namespace ?? '') === namespace && c.spec.podName === podName)
      .map((c) => this.latest(c));
    if (crrs.length === 0) return;
    const nodeName = crrs[0].metadata.labels?.[LABEL_CRR_NODE_NAME] ?? '';
    // A down (or frozen) node's daemon does nothing; it lists everything again when it comes back.
    if (!this.runtime.nodeUp(nodeName)) return this.resyncAfter(key, NODE_DOWN_RETRY_MS);
    const { picked, toPending } = pickRequest(crrs);
    for (const crr of toPending) await this.writeStatus(crr, (s) => ({ ...s, phase: 'Pending' }));
    if (!picked) return;
    if (picked.status?.phase !== 'Recreating') {
      await this.writeStatus(picked, (s) => ({ ...s, phase: 'Recreating' }));
      return;
    }
    const now = this.clock.now();
    const gate = unreadyGate(picked, now);
    if (gate.kind === 'waitForMark') return;
    if (gate.kind === 'waitUntil') return this.resyncAfter(key, gate.resyncAfterMs);
    if (gate.kind === 'complete') return this.complete(picked, gate.message);
    await this.manage(key, picked);
  }

  private async manage(key: string, crr: ContainerRecreateRequest): Promise<void> {
    const podUid = crr.metadata.labels?.[LABEL_CRR_POD_UID] ?? '';
    const runtime = this.runtime.runtimeView(podUid);
    const states = currentRecreateStates(crr, runtime, this.clock.now());
    let step = manageStep(crr, states, runtime);
    if (step.kind === 'kill') {
      try {
        this.runtime.killContainer(podUid, step.container, step.containerID);
      } catch (err) {
        step = manageStep(crr, states, runtime, new Map([[step.container, err instanceof Error ? err.message : String(err)]]));
      }
    }
    switch (step.kind) {
      case 'kill':
      case 'writeStates':
        await this.writeStatus(crr, (s) => ({ ...s, containerRecreateStates: step.states.map(tidy) }));
        return;
      case 'complete':
        return this.complete(crr, '');
      case 'wait':
        if (step.resyncAfterMs !== undefined) this.resyncAfter(key, step.resyncAfterMs);
        return;
    }
  }

  private complete(crr: ContainerRecreateRequest, message: string): Promise<void> {
    const phase: ContainerRecreateRequestPhase = 'Completed';
    return this.writeStatus(crr, (s) => ({ ...s, phase, completionTime: isoNow(this.clock), message }));
  }

  private async writeStatus(
    crr: ContainerRecreateRequest,
    change: (status: NonNullable<ContainerRecreateRequest['status']>) => NonNullable<ContainerRecreateRequest['status']>,
  ): Promise<void> {
    try {
      const written = await updateStatusWithRetry<ContainerRecreateRequest>(this.client, CONTAINER_RECREATE_REQUEST, crr, (latest) => {
        if (isFinished(latest)) return undefined;
        const status = change(latest.status ?? { phase: '' });
        if (!status.message) delete status.message;
        return { ...latest, status };
      });
      if (written) this.written.set(written.metadata.uid ?? '', written);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return;
      this.resyncAfter(podKey(crr), RETRY_AFTER_ERROR_MS);
      throw err;
    }
  }

  private resyncAfter(key: string, ms: number): void {
    this.timers.set(ms, () => this.queue.mark(key));
  }
}

/** The daemon's informer: active requests with a node. */
function watched(crr: ContainerRecreateRequest): boolean {
  const labels = crr.metadata.labels ?? {};
  return labels[LABEL_CRR_ACTIVE] === 'true' && Boolean(labels[LABEL_CRR_NODE_NAME]);
}

function podKey(crr: ContainerRecreateRequest): string {
  return `${crr.metadata.namespace ?? ''}/${crr.spec.podName}`;
}

function splitKey(key: string): [string, string] {
  const slash = key.indexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)];
}

/** A state as Go writes it: `message` and `isKilled` are omitempty. */
function tidy(state: RecreateState): RecreateState {
  return { name: state.name, phase: state.phase, ...(state.message ? { message: state.message } : {}), ...(state.isKilled ? { isKilled: true } : {}) };
}
