// The words of the "Restart container" action (docs/container-restart.md): what the confirmation says
// will happen, and one line of progress read from the ContainerRecreateRequest's status.

export interface RestartStatus {
  name: string;
  containers: readonly string[];
  /** '' until kruise-daemon takes the request; Pending, Recreating, Completed. */
  phase: string;
  message?: string | null;
  succeeded: boolean;
  states: readonly { name: string; phase: string; message?: string | null }[];
}

export function confirmRestartContainers(pod: string, containers: readonly string[], orderedRecreate: boolean): string {
  const which = containers.length === 1 ? `container ${containers[0]}` : `containers ${containers.join(', ')}`;
  const order =
    containers.length > 1
      ? orderedRecreate
        ? ' one at a time, each once the previous one is back and ready'
        : ' one after the other, without waiting for each to come back'
      : '';
  return `Restart ${which} of pod ${pod} in place${order}: the container is stopped and started again by the kubelet (its restart count goes up by one); the pod keeps its name, UID, IP and node, and its other containers keep running. The pod is not ready while the container starts again.`;
}

/** One line for the request's progress. */
export function restartProgress(r: RestartStatus): string {
  if (r.phase === '') return `${r.name}: waiting for kruise-daemon on the pod's node`;
  if (r.phase === 'Pending') return `${r.name}: waiting for another restart of this pod to finish`;
  const done = r.states.filter((s) => s.phase === 'Succeeded').length;
  const states = r.states.map((s) => `${s.name} ${s.phase.toLowerCase()}${s.message ? ` (${s.message})` : ''}`).join(', ');
  if (r.phase === 'Completed') {
    if (r.succeeded) return `${r.name}: restarted ${r.containers.join(', ')}`;
    return `${r.name}: finished without restarting every container${r.message ? ` — ${r.message}` : ''}${states ? `; ${states}` : ''}`;
  }
  return `${r.name}: restarting, ${done} of ${r.containers.length} done${states ? ` (${states})` : ''}`;
}

/** Whether the request needs no more polling. */
export function restartFinished(r: Pick<RestartStatus, 'phase'>): boolean {
  return r.phase === 'Completed';
}
