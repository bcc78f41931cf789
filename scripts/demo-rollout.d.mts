// Types of demo-rollout.mjs, for the tests that import it.
export interface DemoWorkload {
  generation: number;
  images: string[];
  /** The CloneSet's updateStrategy as stored (v1beta1 JSON). */
  updateStrategy?: { rollingUpdate?: { paused?: boolean; partition?: number | string | null; [field: string]: unknown } | null; [field: string]: unknown } | null;
  status: { observedGeneration: number; replicas: number; updatedReplicas: number; updatedReadyReplicas: number };
}
export type DemoStep = { stop: string } | { wait: 'rolling' | 'resting' } | { image: string; generation: number };
export declare const REST_MS: number;
export declare const DEMO: { namespace: string; name: string; container: string; images: readonly string[] };
export declare function nextStep(workload: DemoWorkload | null, settledForMs: number, restMs: number): DemoStep;
export declare function settled(workload: DemoWorkload): boolean;
export declare function runDemoRollout(options: {
  apiUrl: string;
  token: string;
  restMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}): Promise<string>;
