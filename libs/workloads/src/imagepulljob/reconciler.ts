// The ImagePullJob reconcile loop (docs/spec/image-pull.md §3.2): read the job, its NodeImages and pods
// from the informers, wait for the controller's own writes to show there, settle the job's Secret copies
// (docs/spec/image-pull.md §3.7), plan, give the image to more nodes, write the finalizer and the status.
import { isApiError, type Clock, type ClusterClient } from '@coxswain/cluster';
import type { Informer, Logger, ReconcileResult, Reconciler, Request, ResourceVersionExpectations } from '@coxswain/controller-runtime';
import { requestKey } from '@coxswain/controller-runtime';
import { KRUISE_DAEMON_CONFIG_NAMESPACE, type ImagePullJob, type Namespace, type NodeImage, type Pod, type ReferenceObject, type Secret } from '@coxswain/kruise-api';
import { NAMESPACE_REF, SECRET_REF } from '../refs.js';
import { awaitResourceVersions } from '../sync/reconcile-gates.js';
import type { RandomInt } from './plan/node-image-edit.js';
import { planImagePullJob } from './plan/planner.js';
import { planPullSecrets } from './plan/pull-secrets.js';
import { applySecretWrites, deleteJob, giveImage, setProtectionFinalizer, writeJobStatus } from './sync/job-writes.js';

export interface ImagePullJobReconcilerDeps {
  client: ClusterClient;
  clock: Clock;
  jobs: Informer<ImagePullJob>;
  nodeImages: Informer<NodeImage>;
  pods: Informer<Pod>;
  /** The job's own writes (finalizer, status). */
  jobVersions: ResourceVersionExpectations;
  /** The NodeImages the job wrote. */
  nodeImageVersions: ResourceVersionExpectations;
  random: RandomInt;
  randomSuffix: () => string;
  /** The NodeImages each job selected on its last reconcile (a change of one wakes the job even once it no longer selects it). */
  selected: Map<string, string[]>;
  log: Logger;
}

export class ImagePullJobReconciler implements Reconciler {
  constructor(private readonly deps: ImagePullJobReconcilerDeps) {}

  async reconcile(request: Request): Promise<ReconcileResult | void> {
    const { client, clock, jobs } = this.deps;
    const key = requestKey(request);
    const job = jobs.get(request.namespace, request.name);
    if (!job) {
      this.deps.selected.delete(key);
      this.deps.jobVersions.deleteExpectations(key);
      this.deps.nodeImageVersions.deleteExpectations(key);
      return;
    }
    const waitJob = awaitResourceVersions(this.deps.jobVersions, key, clock, this.deps.log);
    if (waitJob) return waitJob;
    const secrets = await this.syncSecrets(job);
    // Only a podSelector reads the namespace's pods; a job without one never walks them.
    const pods = job.spec.podSelector ? this.deps.pods.list(job.metadata.namespace) : [];
    const plan = planImagePullJob({ job, nodeImages: this.deps.nodeImages.list(), pods, secrets, nowMs: clock.now() });
    if (plan.removeFinalizer) this.expectJob(key, await setProtectionFinalizer(client, job, false));
    if (plan.deleteJob) await deleteJob(client, job);
    if (job.metadata.deletionTimestamp || job.status?.completionTime) return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : undefined;

    let current: ImagePullJob = job;
    if (plan.addFinalizer) {
      const written = await setProtectionFinalizer(client, job, true);
      if (!written) return;
      this.expectJob(key, written);
      current = written;
    }
    this.deps.selected.set(key, plan.selected);
    const waitNodes = awaitResourceVersions(this.deps.nodeImageVersions, key, clock, this.deps.log);
    if (waitNodes) return waitNodes;
    const now = new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const nodeName of plan.give) {
      const written = await giveImage(client, nodeName, current, plan.image!, secrets, now, this.deps.random);
      if (written) this.deps.nodeImageVersions.expect(key, written);
    }
    if (plan.status) {
      this.expectJob(key, await writeJobStatus(client, current, plan.status));
      return;
    }
    return plan.requeueAfterMs !== undefined ? { requeueAfterMs: plan.requeueAfterMs } : undefined;
  }

  private expectJob(key: string, written: ImagePullJob | undefined): void {
    if (written) this.deps.jobVersions.expect(key, written);
  }

  /**
   * Settles the job's Secret copies and returns the references the NodeImages list. pullSecrets is
   * immutable, so a job without any never had copies to release.
   */
  private async syncSecrets(job: ImagePullJob): Promise<ReferenceObject[]> {
    if ((job.spec.pullSecrets ?? []).length === 0) return [];
    const { client } = this.deps;
    if (job.metadata.namespace !== KRUISE_DAEMON_CONFIG_NAMESPACE) {
      // kruise-daemon-config must exist and not be terminating, else the reconcile fails and retries.
      const namespace = await client.get<Namespace>(NAMESPACE_REF, undefined, KRUISE_DAEMON_CONFIG_NAMESPACE);
      if (namespace.metadata.deletionTimestamp) throw new Error(`namespace ${KRUISE_DAEMON_CONFIG_NAMESPACE} is terminating`);
    }
    const sources = new Map<string, Secret>();
    for (const name of job.spec.pullSecrets ?? []) {
      try {
        sources.set(name, await client.get<Secret>(SECRET_REF, job.metadata.namespace, name));
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw err;
        this.deps.log('warn', `imagePullJob(${job.metadata.namespace}/${job.metadata.name}) pullSecret(${name}) not found`);
      }
    }
    const copies = job.metadata.namespace === KRUISE_DAEMON_CONFIG_NAMESPACE
      ? []
      : (await client.list<Secret>(SECRET_REF, { namespace: KRUISE_DAEMON_CONFIG_NAMESPACE })).items;
    const plan = planPullSecrets(job, sources, copies, this.deps.randomSuffix);
    await applySecretWrites(client, plan.writes);
    return plan.refs;
  }
}
