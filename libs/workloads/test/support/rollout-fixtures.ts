// The manifests the Rollout tests release (docs/spec/kruise-rollout.md §6): a workload of a kind a Rollout
// releases, and a Rollout of it with its steps. Written once for the scenario tests of this library
// (rollout/, batchrelease/).
import type { KindRef as WorkloadRef } from '@coxswain/cluster';

/** How a Rollout names a CloneSet (Kruise Rollouts' docs do; the store keeps it as v1beta1, CLONESET_REF). */
export const CLONESET_V1ALPHA1: WorkloadRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' };

export interface WorkloadManifest {
  name: string;
  image: string;
  container?: string;
  replicas?: number;
  /** The app label (the workload's name when absent). */
  app?: string;
}

/** A workload of `ref`'s kind (a StatefulSet gets its serviceName), in flow style. */
export function workloadYaml(ref: WorkloadRef, w: WorkloadManifest): string {
  const app = w.app ?? w.name;
  return `
apiVersion: ${ref.apiVersion}
kind: ${ref.kind}
metadata: {name: ${w.name}}
spec:
  replicas: ${w.replicas ?? 5}${ref.kind === 'StatefulSet' ? `\n  serviceName: ${w.name}` : ''}
  selector: {matchLabels: {app: ${app}}}
  template:
    metadata: {labels: {app: ${app}}}
    spec: {containers: [{name: ${w.container ?? 'main'}, image: "${w.image}"}]}
`;
}

/** The template of a `workloadYaml` workload on another image (what `kubectl set image` writes). */
export function templateWith(w: Omit<WorkloadManifest, 'image' | 'replicas'>, image: string) {
  return { metadata: { labels: { app: w.app ?? w.name } }, spec: { containers: [{ name: w.container ?? 'main', image }] } };
}

/** A v1beta1 Rollout named `name` of `workload`; a Deployment's is canary style (docs/spec/kruise-rollout.md §3.7). */
export function rolloutYaml(name: string, ref: WorkloadRef, workload: string, steps: readonly string[]): string {
  return `
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: ${name}}
spec:
  workloadRef: {apiVersion: ${ref.apiVersion}, kind: ${ref.kind}, name: ${workload}}
  strategy:
    canary:${ref.kind === 'Deployment' ? '\n      enableExtraWorkloadForCanary: true' : ''}
      steps:
${steps.map((step) => `      - ${step}`).join('\n')}
`;
}
