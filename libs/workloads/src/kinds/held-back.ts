// The pods a single partition keeps at the current revision, from what the kind's own arithmetic says
// moves (expectedUpdatedReplicas): one resolution of the partition (percentages, caps) per kind, so
// the number the progress bar marks is the number the controller applies.

/** `replicas` less the pods the rollout moves, within [0, replicas]. */
export function heldBack(replicas: number, expectedUpdated: number): number {
  return Math.min(replicas, Math.max(0, replicas - expectedUpdated));
}
