// Label, annotation and name constants the simulator reads or writes.

export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const HOSTNAME_LABEL = 'kubernetes.io/hostname';
export const OS_LABEL = 'kubernetes.io/os';
export const ARCH_LABEL = 'kubernetes.io/arch';

export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

/** Pods with this annotation set to "true" run their containers but never report them ready. */
export const NEVER_READY_ANNOTATION = 'sim.coxswain.io/never-ready';

// Taints the node lifecycle controller puts on nodes that are not Ready or are cordoned; the simulator
// derives them from the node's condition and spec so tolerations decide exactly as in Kubernetes.
export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
