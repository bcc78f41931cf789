// What the API thread and the cluster worker agree on: how the worker is started, how it says it is up,
// and what it answers besides the ClusterClient port (see cluster-worker.ts for the answers).
import type { AppliedObject, ApplyDocument, ScaledClockOrigin } from '@coxswain/cluster';
import type { SubsetPlan, WorkloadHealth, WorkloadKindName } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import type { CollectionTurn } from '../memory/idle-collector.js';
import type { DatabaseConnection } from '../persistence/database.js';
import type { ShadowComparison } from './shadow/shadow-recorder.js';

export type { ShadowComparison };

export interface Leadership {
  identity: string;
  isLeader: boolean;
  /** The holder of the Lease as last observed ("" when none). */
  holder: string;
  /** namespace/name of the Lease. */
  lease: string;
  /** Terms this replica has led since it started. */
  terms: number;
}

export interface ClusterWorkerData {
  config: AppConfig['source'];
  /** The API thread's scaled clock, so both threads keep one time. */
  clockOrigin: ScaledClockOrigin | undefined;
  database: DatabaseConnection;
  /** One idle collection at a time across the process's threads (memory/idle-collector.ts). */
  collectionTurn: CollectionTurn | undefined;
}

/** `threadId`: the worker's thread as the kernel knows it (threads/thread-cpu.ts), for its CPU time. */
export type ClusterWorkerStarted = { kind: 'started'; seeded: number | undefined; threadId: number | undefined } | { kind: 'failed'; message: string };

/** What the `plan` query shows: the plan without the writes it is made of. */
export interface PlanSummary {
  updateRevision: string;
  currentRevision: string;
  complete: boolean;
  diff: unknown;
  actions: { type: string; pod: string; reason: string; revision?: string }[];
  /** `until`: when the blocker lifts by itself, ms of the cluster's clock. */
  blockers: { code: string; message: string; pods: string[]; until?: number }[];
  /** Creations and deletions the controller still waits to see, in words. */
  pendingScale: string | undefined;
  /** Kinds with subsets (UnitedDeployment): each subset's allocation and why, workload and counts. */
  subsets?: SubsetPlan[];
}

/** The worker's methods besides the port's, by name; arguments and answers are plain data. */
export interface ClusterWorkerMethods {
  /** Pods and Nodes with status, all or none (embedded mode's seeding). */
  seed(objects: unknown[]): Promise<unknown[]>;
  /** A manifest's documents as one transaction of the embedded store (TransactionalApplier). */
  applyInOneTransaction(documents: readonly ApplyDocument[], options?: { dryRun?: boolean }): Promise<AppliedObject[]>;
  /**
   * A workload's plan (kind by the contract's name): in observe mode the last one its controller
   * computed, otherwise the one it would take now; null when the controller does not know it.
   */
  plan(kind: WorkloadKindName, namespace: string, name: string): Promise<PlanSummary | null>;
  /**
   * The workload's health, from the plan of its last reconcile (computed now when there is none yet)
   * and its conditions; null when the controller does not know it.
   */
  health(kind: WorkloadKindName, namespace: string, name: string): Promise<WorkloadHealth | null>;
  /** The controllers' metrics, Prometheus text. */
  metrics(): Promise<string>;
  /** Embedded mode: the pods' simulated request and error counters (docs/analysis.md §2), Prometheus text; null in Kubernetes mode. */
  podMetrics(): Promise<string | null>;
  /** Observe mode: the writes the controllers would have made. */
  observedWrites(): Promise<unknown[]>;
  /** Every informer of the controllers has synced. */
  synced(): Promise<boolean>;
  /** Stops the controllers, the simulators and the store, and closes the database connection. */
  shutdown(): Promise<void>;
  /** Leader election (Kubernetes mode with active controllers): who leads; null when not elected. */
  leadership(): Promise<Leadership | null>;
  /** Observe mode: the workload's plan next to what the cluster did to its pods; null otherwise. */
  shadow(namespace: string, name: string): Promise<ShadowComparison | null>;
}
