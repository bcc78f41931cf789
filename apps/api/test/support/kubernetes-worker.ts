// The Kubernetes-mode cluster worker (kubernetes-worker.ts, what CLUSTER=kubernetes runs) in this thread,
// over a message channel as the API thread reaches it: the exact composition of a deployed replica
// (start checks, leader election, every controller, the event recorder) without a server around it.
import { MessageChannel } from 'node:worker_threads';
import { RealClock, RemoteClusterClient } from '@coxswain/cluster';
import { runKubernetesWorker } from '../../src/cluster-worker/kubernetes-worker.js';
import type { ClusterWorkerMethods, ClusterWorkerStarted } from '../../src/cluster-worker/protocol.js';
import { loadConfig } from '../../src/config/config.js';
import { JsonLogger } from '../../src/logging/json-logger.js';

export interface InProcessWorker {
  started: ClusterWorkerStarted;
  /** The worker's log lines at warn and above (reconcile failures, informer errors). */
  warnings: string[];
  call<M extends keyof ClusterWorkerMethods>(method: M, ...args: Parameters<ClusterWorkerMethods[M]>): ReturnType<ClusterWorkerMethods[M]>;
  stop(): Promise<void>;
}

/** Starts the worker with the configuration `env` gives (CLUSTER=kubernetes is set), and waits for its answer. */
export async function startKubernetesWorker(env: Record<string, string>): Promise<InProcessWorker> {
  const config = loadConfig({ PGLITE_DIR: 'memory', LOG_LEVEL: 'warn', ...env, CLUSTER: 'kubernetes' });
  const warnings: string[] = [];
  const logger = new JsonLogger(config.logLevel, (line) => warnings.push(line));
  const { port1, port2 } = new MessageChannel();
  const started = new Promise<ClusterWorkerStarted>((resolve) => {
    const onMessage = (message: ClusterWorkerStarted) => {
      if (message?.kind !== 'started' && message?.kind !== 'failed') return;
      port2.off('message', onMessage);
      resolve(message);
    };
    port2.on('message', onMessage);
  });
  const remote = new RemoteClusterClient(port2);
  void runKubernetesWorker(port1, config, logger, new RealClock());
  const answer = await started;
  let stopped: Promise<void> | undefined;
  return {
    started: answer,
    warnings,
    call: (method, ...args) => remote.rpc.call(method, ...args) as never,
    stop: () =>
      (stopped ??= (async () => {
        if (answer.kind === 'started') await remote.rpc.call('shutdown');
        port1.close();
        port2.close();
      })()),
  };
}
