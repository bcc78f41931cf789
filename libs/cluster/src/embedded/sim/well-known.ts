// Keys and names the simulator uses that @coxswain/kruise-api's keys.ts does not define (those it does are
// imported from there).

export const LABEL_OS = 'kubernetes.io/os';
export const LABEL_ARCH = 'kubernetes.io/arch';

export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

// Taints the node lifecycle controller puts on nodes that are not Ready or are cordoned; the simulator
// derives them from the node's condition and spec so tolerations decide exactly as in Kubernetes.
export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
