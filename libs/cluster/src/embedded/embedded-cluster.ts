// The embedded cluster: the object store plus its simulated nodes, scheduler, kubelets, volume
// provisioner and the pods' simulated application metrics, started and stopped in the right order.
// Nodes are created on first start only; afterwards they are whatever the store kept (a restart must
// not undo a cordon or a node outage). The system namespaces are made to exist on every start, as the
// apiserver keeps them.
import type { Node } from '@coxswain/kruise-api';
import type { Clock } from '../clock.js';
import { kruiseAdmission } from '../admission/kruise-admission.js';
import type { AdmissionHook } from './store/admission.js';
import { EmbeddedStore } from './store/embedded-store.js';
import type { StorePersistence } from './store/persistence.js';
import { CrrDaemonSimulator } from './sim/crr-daemon.js';
import { KubeletSimulator, type KubeletOptions } from './sim/kubelet.js';
import { PodMetricsSimulator, type PodMetricsOptions } from './sim/pod-metrics.js';
import { simulatedNodes, type SimulatedNodesOptions } from './sim/nodes.js';
import { Scheduler } from './sim/scheduler.js';
import { VolumeProvisioner } from './sim/volume-provisioner.js';
import { ensureSystemNamespaces } from './system-namespaces.js';

export interface EmbeddedClusterOptions {
  clock: Clock;
  persistence?: StorePersistence;
  watchHistory?: number;
  watchHistoryMs?: number;
  nodes?: SimulatedNodesOptions;
  kubelet?: Partial<KubeletOptions>;
  /** The pods' simulated application metrics (docs/analysis.md §1). */
  podMetrics?: Partial<PodMetricsOptions>;
  /** The API server's webhooks; default: Kruise's (CloneSet defaulting, validation, conversion) with default gates. */
  admission?: AdmissionHook;
  /** Where the simulators report failures they survive and retry. */
  onError?: (err: unknown) => void;
  /**
   * Whether the scheduler and the kubelets check each pod a watch event carries against the Pod schema
   * (default true), though the store checked it when it was written: a pod the store loaded from
   * persistence, written before admission checked it, reaches them through a list, which they always
   * check. A cluster seeded only through the store (a preview's fork, never reopened) turns this off: its
   * every pod went through the store's check, and the two repeats were a fifth of its time.
   */
  checkWatchedPods?: boolean;
}

export class EmbeddedCluster {
  private constructor(
    readonly store: EmbeddedStore,
    readonly scheduler: Scheduler,
    readonly kubelet: KubeletSimulator,
    readonly volumes: VolumeProvisioner,
    /** kruise-daemon's ContainerRecreateRequest side, restarting containers through the kubelet. */
    readonly crrDaemon: CrrDaemonSimulator,
    /** The pods' simulated request and error counters, as Prometheus text. */
    readonly podMetrics: PodMetricsSimulator,
    /** The store held nothing when it opened: this is the cluster's first start. */
    readonly fresh: boolean,
  ) {}

  static async start(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
    const store = await EmbeddedStore.open({
      clock: options.clock,
      persistence: options.persistence,
      watchHistory: options.watchHistory,
      watchHistoryMs: options.watchHistoryMs,
      onBackgroundError: options.onError,
      admission: options.admission ?? kruiseAdmission(),
    });
    const fresh = store.size() === 0;
    try {
      const existing = await store.list<Node>({ apiVersion: 'v1', kind: 'Node' });
      if (existing.items.length === 0) await store.seed(simulatedNodes(options.nodes));
      await ensureSystemNamespaces(store);
      // The simulators run beside the store: they share its frozen objects instead of copying each one.
      const local = store.localClient();
      const scheduler = new Scheduler(local, options.clock, {
        onError: options.onError,
        // Through the binding subresource: the pod admission forbids an update of nodeName, as the apiserver does.
        bind: (pod, nodeName) => store.bindPod({
          namespace: pod.metadata.namespace ?? '', name: pod.metadata.name ?? '', nodeName, uid: pod.metadata.uid, resourceVersion: pod.metadata.resourceVersion,
        }),
        checkWatchedPods: options.checkWatchedPods,
      });
      const kubelet = new KubeletSimulator(local, options.clock, { ...options.kubelet, onError: options.onError, checkWatchedPods: options.checkWatchedPods });
      const volumes = new VolumeProvisioner(local, options.clock, { onError: options.onError });
      const crrDaemon = new CrrDaemonSimulator(local, options.clock, kubelet, options.onError ?? ((err) => console.warn('[sim kruise-daemon]', err)));
      await scheduler.start();
      await kubelet.start();
      await volumes.start();
      await crrDaemon.start();
      const podMetrics = new PodMetricsSimulator(local, options.clock, { ...options.podMetrics, onError: options.onError });
      return new EmbeddedCluster(store, scheduler, kubelet, volumes, crrDaemon, podMetrics, fresh);
    } catch (err) {
      await store.close();
      throw err;
    }
  }

  async stop(): Promise<void> {
    await this.scheduler.stop();
    this.crrDaemon.stop();
    await this.kubelet.stop();
    await this.volumes.stop();
    await this.store.close();
  }
}
