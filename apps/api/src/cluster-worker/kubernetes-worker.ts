// CLUSTER=kubernetes: the cluster worker without the embedded cluster. The Kruise controllers run against
// a real cluster through the @kubernetes/client-node adapter (the apps/v1 ones are the cluster's own), and
// the API thread gets the same port, so the cache and every service work unchanged. With active
// controllers only the holder of the leader Lease reconciles (every replica serves the API and keeps warm
// caches); observe mode writes nothing (writes are server-side dry runs) and compares its plans with what
// the cluster's own controller does.
import type { MessagePort } from 'node:worker_threads';
import { serveClusterClient, type Clock, type ClusterClient } from '@coxswain/cluster';
import { KubernetesClusterClient } from '@coxswain/cluster/kubernetes';
import { ClusterEventRecorder, ControllerManager, LeaderElectedControllers, Metrics } from '@coxswain/controller-runtime';
import { Gauge } from 'prom-client';
import type { AppConfig } from '../config/config.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { registerControllers, type RegisteredControllers, type RegisterOptions } from './controllers.js';
import { planMethods } from './plan-summary.js';
import type { ClusterWorkerMethods, ClusterWorkerStarted, Leadership } from './protocol.js';
import { ownThreadId } from '../threads/thread-cpu.js';
import { cloneSetShadow } from './shadow/cloneset-shadow.js';
import { checkClusterServes, watchedKinds } from './start-checks.js';
import type { ShadowRecorder } from './shadow/shadow-recorder.js';

/** The Kruise controllers: the cluster's kube-controller-manager runs the apps/v1 ones (a UnitedDeployment's subsets included). */
export const KUBERNETES_CONTROLLERS: RegisterOptions = { nativeControllers: false };

interface Term {
  manager: ControllerManager;
  controllers: RegisteredControllers;
  stop(): Promise<void>;
}

export async function runKubernetesWorker(port: MessagePort, config: AppConfig, logger: JsonLogger, clock: Clock): Promise<void> {
  let client: KubernetesClusterClient;
  try {
    client = KubernetesClusterClient.fromConfig(
      { kubeconfig: config.cluster.kubeconfig, context: config.cluster.kubeContext },
      { clock, onWatchRetry: (err, delayMs, path) => logger.warn({ msg: 'watch failed; retrying', path, delayMs, error: err.message }, 'Kubernetes') },
    );
    // Fail the start with the reason when the cluster cannot be reached, refuses us, or lacks a CRD.
    await checkClusterServes(client, watchedKinds(client, config, clock, logger, KUBERNETES_CONTROLLERS));
  } catch (err) {
    port.postMessage({ kind: 'failed', message: `CLUSTER=kubernetes: ${err instanceof Error ? err.message : String(err)}` } satisfies ClusterWorkerStarted);
    return;
  }
  logger.log({ msg: 'controllers run against a Kubernetes cluster', server: client.server, controllers: config.controllers.mode }, 'Kubernetes');

  const metrics = new Metrics();
  const mode = config.controllers.mode;
  const buildTerm = (termClient: ClusterClient, managerMode: 'active' | 'observe'): Term => {
    const manager = new ControllerManager({
      client: termClient, clock, mode: managerMode, metrics,
      onInformerError: (error, context) => logger.warn({ msg: `informer: ${context}`, error: String(error) }, 'Kubernetes'),
    });
    // Each controller records under its own name (controllers.ts EVENT_SOURCES), through this one queue.
    const events = new ClusterEventRecorder({
      client: manager.client, clock, component: 'kruise-manager',
      onError: (err) => logger.warn({ msg: 'could not record an event', error: String(err) }, 'Events'),
    });
    return { manager, controllers: registerControllers(manager, config, events, logger, KUBERNETES_CONTROLLERS), stop: () => events.flush() };
  };

  const election = config.cluster.leaderElection;
  let elected: LeaderElectedControllers<Term> | undefined;
  let single: Term | undefined;
  let shadow: ShadowRecorder | undefined;
  if (mode === 'active' && election.enabled) {
    elected = new LeaderElectedControllers<Term>({
      client, clock,
      namespace: election.namespace, name: election.leaseName, identity: election.identity,
      leaseDurationMs: election.leaseDurationSeconds * 1000,
      renewDeadlineMs: election.renewDeadlineSeconds * 1000,
      retryPeriodMs: election.retryPeriodSeconds * 1000,
      build: (fenced) => buildTerm(fenced, 'active'),
      onEvent: (msg, fields) => logger.log({ msg, ...fields }, 'LeaderElection'),
      onError: (err, context) => logger.warn({ msg: context, error: err instanceof Error ? err.message : String(err) }, 'LeaderElection'),
    });
    registerLeaderMetrics(metrics, election.leaseName, () => elected!.elector.isLeader());
  } else if (mode !== 'off') {
    single = buildTerm(client, mode);
    if (mode === 'observe') shadow = cloneSetShadow(single.controllers.cloneSets, () => clock.now());
  }
  const current = (): Term | undefined => elected?.current ?? single;

  let stopped: Promise<void> | undefined;
  const methods: ClusterWorkerMethods = {
    seed: async () => {
      throw new Error('Kubernetes mode: objects with status cannot be seeded');
    },
    // A real cluster has no multi-object transaction: applyObjects applies one by one there (runtime.seeder is unset).
    applyInOneTransaction: async () => {
      throw new Error('Kubernetes mode: manifests are applied one document at a time');
    },
    ...planMethods(() => current()?.controllers.plans, mode === 'observe', client),
    metrics: () => metrics.registry.metrics(),
    // A real cluster's pods expose their own metrics; only the embedded cluster simulates them.
    podMetrics: async () => null,
    observedWrites: async () => [...(current()?.manager.observer?.recordedWrites() ?? [])],
    synced: async () => {
      const term = current();
      return term ? term.manager.informers.hasSynced() : true;
    },
    leadership: async (): Promise<Leadership | null> => (elected ? elected.status() : null),
    shadow: async (namespace, name) => shadow?.comparison(namespace, name) ?? null,
    shutdown: () =>
      (stopped ??= (async () => {
        if (elected) await elected.stop();
        if (single) {
          await single.manager.stop();
          await single.stop();
        }
      })()),
  };
  serveClusterClient(port, client, methods as unknown as Record<string, (...args: any[]) => unknown>);
  try {
    if (elected) await elected.start();
    else if (single) await single.manager.start();
  } catch (err) {
    port.postMessage({ kind: 'failed', message: `CLUSTER=kubernetes: ${err instanceof Error ? err.message : String(err)}` } satisfies ClusterWorkerStarted);
    return;
  }
  port.postMessage({ kind: 'started', seeded: undefined, threadId: ownThreadId() } satisfies ClusterWorkerStarted);
}

/** client-go's leader_election_master_status, and Coxswain's name for the same thing. */
function registerLeaderMetrics(metrics: Metrics, lease: string, isLeader: () => boolean): void {
  new Gauge({
    name: 'leader_election_master_status',
    help: 'Whether this replica holds the leader lease (1) or not (0)',
    labelNames: ['name'],
    registers: [metrics.registry],
    collect() {
      this.set({ name: lease }, isLeader() ? 1 : 0);
    },
  });
}
