// The API server's clock as this browser can read it. Every moment the API serves for a countdown (a
// pod's availableAt, a blocker's or the health's `until`, a subset's recoversAt) is an instant of the
// server's wall clock; this browser's clock may be off by seconds, so it counts down against the
// server's time: its own clock plus the offset the last serverTime answer showed.

export class ServerClock {
  private offsetMs = 0;

  constructor(private readonly local: () => number = Date.now) {}

  /**
   * An answer's serverTime, asked at `sentAt` and received at `receivedAt` of this browser's clock: the
   * server read its clock about halfway between.
   */
  note(serverTime: string, sentAt: number, receivedAt: number): void {
    const server = Date.parse(serverTime);
    if (Number.isFinite(server)) this.offsetMs = server - (sentAt + receivedAt) / 2;
  }

  /** The server's time now, in ms since the epoch. */
  now(): number {
    return this.local() + this.offsetMs;
  }
}

/** The one the dashboard counts down with: fed by every WorkloadPlan answer. */
export const serverClock = new ServerClock();
