// The manifests Rollout tests release, written once for every package's tests (exported by
// '@coxswain/workloads/testing'; not used by the library itself): a workload of a kind a Rollout releases
// and a Rollout of it with its steps (docs/spec/kruise-rollout.md §6), in flow-style YAML.
import type { KindRef } from '@coxswain/cluster';

/** How a Rollout names a CloneSet (as Kruise Rollouts' docs do; the store keeps it as v1beta1, CLONESET_REF). */
export const CLONESET_V1ALPHA1: KindRef = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' };

/** docs/spec/kruise-rollout.md §6.1's steps: 20% waiting for approval, 50% for 60 s, 100%. */
export const WORKED_EXAMPLE_STEPS: readonly string[] = ['{replicas: 20%, pause: {}}', '{replicas: 50%, pause: {duration: 60}}', '{replicas: 100%}'];

export interface WorkloadManifest {
  name: string;
  image: string;
  /** The container's name; 'main' when absent. */
  container?: string;
  /** 5 when absent. */
  replicas?: number;
  /** The app label; the workload's name when absent. */
  app?: string;
  namespace?: string;
  /** More spec lines (flow style, at the spec's indentation), e.g. `updateStrategy: {maxUnavailable: 100%}`. */
  spec?: string;
}

function metadata(name: string, namespace: string | undefined): string {
  return `{name: ${name}${namespace === undefined ? '' : `, namespace: ${namespace}`}}`;
}

/** A workload of `ref`'s kind; a StatefulSet gets its serviceName. */
export function workloadYaml(ref: KindRef, w: WorkloadManifest): string {
  const app = w.app ?? w.name;
  const extra = [...(ref.kind === 'StatefulSet' ? [`serviceName: ${w.name}`] : []), ...(w.spec ? [w.spec] : [])];
  return `
apiVersion: ${ref.apiVersion}
kind: ${ref.kind}
metadata: ${metadata(w.name, w.namespace)}
spec:
  replicas: ${w.replicas ?? 5}
${extra.map((line) => `  ${line}\n`).join('')}  selector: {matchLabels: {app: ${app}}}
  template:
    metadata: {labels: {app: ${app}}}
    spec: {containers: [{name: ${w.container ?? 'main'}, image: "${w.image}"}]}
`;
}

/** The template of a `workloadYaml` workload on another image (what `kubectl set image` writes). */
export function templateWith(w: Pick<WorkloadManifest, 'name' | 'container' | 'app'>, image: string) {
  return { metadata: { labels: { app: w.app ?? w.name } }, spec: { containers: [{ name: w.container ?? 'main', image }] } };
}

/** docs/spec/kruise-rollout.md §6.1's CloneSet (its container named `echo`). */
export const ECHOSERVER: WorkloadManifest = { name: 'echoserver', image: 'echo:v1', container: 'echo' };

export interface RolloutManifest {
  name: string;
  workloadRef: KindRef & { name: string };
  /** Each step as its list item's text; lines after a step's first are indented under it. */
  steps: readonly string[];
  namespace?: string;
  /** More canary lines (at the canary's indentation). */
  canary?: string;
  /**
   * A Deployment's release style: 'canary' (a canary Deployment beside it, docs/spec/kruise-rollout.md §3.7;
   * the default) or 'partition' (the advanced Deployment controller, docs/spec/kruise-rollout.md §3.6, gate AdvancedDeployment).
   */
  deploymentStyle?: 'canary' | 'partition';
}

/** A v1beta1 Rollout. */
export function rolloutYaml(r: RolloutManifest): string {
  const { apiVersion, kind, name } = r.workloadRef;
  const canaryStyle = kind === 'Deployment' && r.deploymentStyle !== 'partition';
  const canary = [...(canaryStyle ? ['enableExtraWorkloadForCanary: true'] : []), ...(r.canary ? [r.canary] : [])];
  return `
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: ${metadata(r.name, r.namespace)}
spec:
  workloadRef: {apiVersion: ${apiVersion}, kind: ${kind}, name: ${name}}
  strategy:
    canary:
${canary.map((line) => `      ${line}\n`).join('')}      steps:
${r.steps.map((step) => `      - ${step.split('\n').join('\n        ')}`).join('\n')}
`;
}

/** The Rollout `demo` of the CloneSet echoserver with these steps (and anything else of `over`). */
export function demoRollout(steps: readonly string[] = WORKED_EXAMPLE_STEPS, over: Partial<RolloutManifest> = {}): string {
  return rolloutYaml({ name: 'demo', workloadRef: { ...CLONESET_V1ALPHA1, name: 'echoserver' }, steps, ...over });
}
