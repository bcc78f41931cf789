// The API thread's side of the cluster worker: starts it, hands it the database and the clock, and
// offers the cluster as a ClusterClient plus the worker's own methods. If the worker dies, every call
// fails at once with the reason instead of hanging, and readiness reports it.
import { Worker } from 'node:worker_threads';
import {
  RemoteClusterClient, ScaledClock, type AppliedObject, type ApplyDocument, type Clock, type StatusSeeder, type TransactionalApplier,
} from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { WorkloadHealth, WorkloadKindName } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import { collectionTurn } from '../memory/idle-collector.js';
import { compiledEntry } from '../persistence/compiled-entry.js';
import type { Database } from '../persistence/database.js';
import type { ClusterWorkerData, ClusterWorkerMethods, ClusterWorkerStarted, Leadership, PlanSummary, ShadowComparison } from './protocol.js';

export class ClusterHost implements StatusSeeder, TransactionalApplier {
  private exited: string | undefined;

  private constructor(
    private readonly worker: Worker,
    readonly client: RemoteClusterClient,
    /** Objects created from SEED_FILE at this start (undefined without SEED_FILE). */
    readonly seeded: number | undefined,
    /** The worker's thread (threads/thread-cpu.ts). */
    readonly threadId: number | undefined,
  ) {
    worker.once('exit', (code) => {
      this.exited = `the cluster worker exited (code ${code})`;
      client.rpc.close(this.exited);
    });
  }

  static async start(config: AppConfig, database: Database, clock: Clock): Promise<ClusterHost> {
    const connection = database.connect();
    const data: ClusterWorkerData = {
      config: config.source,
      clockOrigin: clock instanceof ScaledClock ? clock.origin : undefined,
      database: connection,
      collectionTurn: collectionTurn(),
    };
    const worker = new Worker(compiledEntry('./cluster-worker.js', import.meta.url), {
      workerData: data,
      transferList: connection.kind === 'pglite' ? [connection.port] : [],
    });
    const client = new RemoteClusterClient(worker);
    const started = await new Promise<ClusterWorkerStarted>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the cluster worker exited during start (code ${code})`));
      const onMessage = (message: ClusterWorkerStarted) => {
        if (message?.kind !== 'started' && message?.kind !== 'failed') return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', reject);
    });
    if (started.kind === 'failed') {
      await worker.terminate();
      throw new Error(started.message);
    }
    return new ClusterHost(worker, client, started.seeded, started.threadId);
  }

  /** Whether the worker runs and its controllers' caches have synced. */
  async ready(): Promise<boolean> {
    if (this.exited) return false;
    return this.call('synced');
  }

  seed(objects: KubeObject[]): Promise<KubeObject[]> {
    return this.call('seed', objects) as Promise<KubeObject[]>;
  }

  /** The embedded store applies a manifest as one transaction: all documents or none, one commit. */
  applyInOneTransaction(documents: readonly ApplyDocument[], options: { dryRun?: boolean } = {}): Promise<AppliedObject[]> {
    return this.call('applyInOneTransaction', documents, options);
  }

  plan(kind: WorkloadKindName, namespace: string, name: string): Promise<PlanSummary | null> {
    return this.call('plan', kind, namespace, name);
  }

  health(kind: WorkloadKindName, namespace: string, name: string): Promise<WorkloadHealth | null> {
    return this.call('health', kind, namespace, name);
  }

  metrics(): Promise<string> {
    return this.call('metrics');
  }

  /** The embedded cluster's simulated pod metrics; null in Kubernetes mode. */
  podMetrics(): Promise<string | null> {
    return this.call('podMetrics');
  }

  observedWrites(): Promise<unknown[]> {
    return this.call('observedWrites');
  }

  /** Who holds the leader Lease, when this replica takes part in an election. */
  leadership(): Promise<Leadership | null> {
    return this.call('leadership');
  }

  /** Observe mode: the workload's plan next to what the cluster did. */
  shadow(namespace: string, name: string): Promise<ShadowComparison | null> {
    return this.call('shadow', namespace, name);
  }

  /** Stops the controllers and the cluster (queued writes are committed), then the thread. */
  async stop(): Promise<void> {
    if (!this.exited) {
      await this.call('shutdown').catch(() => {});
      await this.worker.terminate();
    }
  }

  private call<M extends keyof ClusterWorkerMethods>(method: M, ...args: Parameters<ClusterWorkerMethods[M]>): ReturnType<ClusterWorkerMethods[M]> {
    return this.client.rpc.call(method, ...args) as ReturnType<ClusterWorkerMethods[M]>;
  }
}
