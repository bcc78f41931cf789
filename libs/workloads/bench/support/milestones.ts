// When a rollout benchmark's pods came through: where the simulated time of a rollout goes.

/** The status fields a rollout's progress is read from (CloneSet and StatefulSet alike). */
interface RolloutProgress {
  updateRevision?: string;
  currentRevision?: string;
  updatedAvailableReplicas?: number;
}

/** The simulated seconds at which each further 10% of `pods` was reported updated and available. */
export class TenthsUpdated {
  private readonly seconds: string[] = [];
  constructor(private readonly pods: number) {}

  /** For measureUntil's onStep: counts only once the status shows the new update revision (or a tenth was reached). */
  observe(status: RolloutProgress | undefined, elapsedMs: number): void {
    const done = status?.updateRevision !== status?.currentRevision || this.seconds.length > 0 ? (status?.updatedAvailableReplicas ?? 0) : 0;
    while (this.seconds.length < 10 && done >= ((this.seconds.length + 1) * this.pods) / 10) this.seconds.push(`${(elapsedMs / 1000).toFixed(1)}`);
  }

  toString(): string {
    return this.seconds.join(', ');
  }
}
