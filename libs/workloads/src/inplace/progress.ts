// What an in-place update of one pod is waiting on, in words, for the rollout plan (issue 14 item 5):
// the grace period, the containers of the current batch that the node has not yet carried out (docs/spec/inplace-and-lifecycle.md §2.7),
// the readiness check before the next batch (docs/spec/inplace-and-lifecycle.md §2.3), or the last status write. Read-only and pure; the
// decisions themselves stay with refresh.ts and completion.ts, whose per-container checks this reuses.
import { CONDITION_INPLACE_UPDATE_READY, type InPlaceUpdateState, type Pod } from '@coxswain/kruise-api';
import { podCondition } from '../pod/pod-state.js';
import { timestampMillis } from '../pod/time.js';
import { podAtRevision } from '../revision/revision-match.js';
import { containerEnvReported, containerImageUpdated, type CompletionOptions } from './completion.js';
import { preCheckBeforeNextPassed } from './container-priority.js';
import { hasEnvFromMetadata, readRuntimeContainerMeta } from './env-from-metadata.js';
import { decodeInPlaceUpdateSpec, inPlaceUpdateGraceText } from './grace.js';
import { decodeInPlaceUpdateState, hasNextBatch, inPlaceUpdateStateText } from './state.js';
import { containerResourcesApplied } from './vertical-scaling.js';

/**
 * "in-place update to revision R, batch 2 [main]: waits for container main to run app:v2", or undefined
 * when the pod carries no in-place update (no state or grace annotation) or its annotations are unreadable.
 */
export function describeInPlaceUpdate(pod: Pod, now: number, options: CompletionOptions = {}): string | undefined {
  const stateText = inPlaceUpdateStateText(pod.metadata);
  const state = stateText === undefined ? undefined : decodeInPlaceUpdateState(stateText);
  const graceText = inPlaceUpdateGraceText(pod.metadata);
  if (graceText !== undefined) {
    const spec = decodeInPlaceUpdateSpec(graceText);
    if (spec === undefined || state === undefined) return undefined;
    if (!podAtRevision(pod, spec.revision)) return `in-place update to revision ${spec.revision} abandoned; its grace annotation is removed next`;
    // When the grace period ends is inPlaceGraceEndsAt's to say: words with a count of seconds go stale.
    return now < graceEnd(state, spec.graceSeconds)
      ? `in-place update to revision ${spec.revision}: grace period before its containers are updated`
      : `in-place update to revision ${spec.revision}: grace period over; its containers are updated next`;
  }
  if (state === undefined) return undefined;

  const batches = state.containerBatchesRecord ?? [];
  const batch = batches.length > 0 ? `, batch ${batches.length} [${batches.at(-1)!.containers.join(', ')}]` : '';
  const head = `in-place update to revision ${state.revision}${batch}`;
  const waits = containersStillUpdating(pod, state, options);
  if (waits.length > 0) return `${head}: waits for ${waits.join('; ')}`;
  if (hasNextBatch(state)) {
    const next = [...new Set([
      ...Object.keys(state.nextContainerImages ?? {}), ...Object.keys(state.nextContainerRefMetadata ?? {}), ...Object.keys(state.nextContainerResources ?? {}),
    ])].sort();
    const required = state.preCheckBeforeNext?.containersRequiredReady ?? [];
    if (!preCheckBeforeNextPassed(pod, state.preCheckBeforeNext)) {
      return `${head} done: the next batch [${next.join(', ')}] waits for ${required.join(', ')} to be ready`;
    }
    return `${head} done: the next batch [${next.join(', ')}] starts next`;
  }
  if (podCondition(pod, CONDITION_INPLACE_UPDATE_READY)?.status === 'False') return `${head} done: InPlaceUpdateReady is set True next`;
  return `${head} done`;
}

/**
 * When the pod's in-place grace period ends (ms of the cluster's clock): the moment its containers are
 * updated; undefined when it carries no readable grace annotation and state.
 */
export function inPlaceGraceEndsAt(pod: Pod): number | undefined {
  const graceText = inPlaceUpdateGraceText(pod.metadata);
  const stateText = inPlaceUpdateStateText(pod.metadata);
  if (graceText === undefined || stateText === undefined) return undefined;
  const spec = decodeInPlaceUpdateSpec(graceText);
  const state = decodeInPlaceUpdateState(stateText);
  if (spec === undefined || state === undefined || !podAtRevision(pod, spec.revision)) return undefined;
  const end = graceEnd(state, spec.graceSeconds);
  return Number.isFinite(end) ? end : undefined;
}

/** Go's zero time (an unreadable timestamp) lies in the distant past: such a grace period is long over. */
function graceEnd(state: InPlaceUpdateState, graceSeconds: number | undefined): number {
  return (timestampMillis(state.updateTimestamp) ?? Number.NEGATIVE_INFINITY) + (graceSeconds ?? 0) * 1000;
}

/** The containers of the current batch the node has not carried out yet, each with what it waits for (docs/spec/inplace-and-lifecycle.md §2.7). */
function containersStillUpdating(pod: Pod, state: InPlaceUpdateState, options: CompletionOptions): string[] {
  const statuses = pod.status?.containerStatuses ?? [];
  const waits: string[] = [];
  if (state.updateEnvFromMetadata) {
    const metas = readRuntimeContainerMeta(pod) ?? [];
    for (const c of pod.spec.containers) {
      if (containerEnvReported(pod, c, statuses.find((s) => s.name === c.name), metas)) continue;
      waits.push(hasEnvFromMetadata(c) ? `container ${c.name} to restart with its env from metadata` : `kruise-daemon to report container ${c.name}`);
    }
  }
  if (options.verticalScaling && state.updateResources) {
    for (const c of pod.spec.containers) {
      if (!containerResourcesApplied(c, statuses.find((s) => s.name === c.name))) waits.push(`container ${c.name} to report its new resources`);
    }
  }
  for (const [name, recorded] of Object.entries(state.lastContainerStatuses ?? {})) {
    const status = statuses.find((s) => s.name === name);
    const image = pod.spec.containers.find((c) => c.name === name)?.image;
    if (status === undefined) waits.push(`container ${name} to report its status`);
    else if (!containerImageUpdated(recorded, status, image)) waits.push(`container ${name} to run ${image ?? 'its new image'}`);
  }
  return [...new Set(waits)];
}
