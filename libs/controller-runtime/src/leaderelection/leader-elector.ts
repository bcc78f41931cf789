// client-go's LeaderElector (tools/leaderelection) over a Lease: candidates try to acquire every
// retryPeriod (with client-go's jitter); the leader renews every retryPeriod; a lease is free when its
// holder is empty or when the record has not changed for leaseDuration by the candidate's own clock
// (never by the timestamps in the record, so clock skew between replicas does not matter); takeover
// and renewal are updates conditional on the Lease's resourceVersion, so two candidates never both
// win. A leader that has not renewed for renewDeadline (below leaseDuration) steps down on a timer of
// its own, even while a request hangs, so it stops before anyone else may take the lease. On stop it
// releases the lease (clears the holder) so a successor need not wait out the lease.
//
// Unlike client-go, losing the lease is not the end: the elector goes back to being a candidate.
import type { Clock, ClusterClient, TimerHandle } from '@coxswain/cluster';
import { LeaseLock, type LeaderElectionRecord } from './lease-lock.js';

export interface LeaderElectionConfig {
  client: ClusterClient;
  namespace: string;
  name: string;
  /** This candidate's holderIdentity; unique among the candidates. */
  identity: string;
  clock: Clock;
  /** client-go: 15 s. */
  leaseDurationMs?: number;
  /** client-go: 10 s; must be below leaseDurationMs. */
  renewDeadlineMs?: number;
  /** client-go: 2 s; must be below renewDeadlineMs. */
  retryPeriodMs?: number;
  /** Uniform in [0, 1) for the jitter of acquire attempts; default Math.random. */
  random?: () => number;
  /** Clear the holder when stopped while leading; default true. */
  releaseOnStop?: boolean;
  onStartedLeading(): void;
  /** Called when leadership ends (lost, stepped down, or stopped); reconciling must stop at once. */
  onStoppedLeading(): void;
  /** The observed holder changed (also to ourselves, or to no one: ""). */
  onNewLeader?(identity: string): void;
  onError?(err: unknown, context: string): void;
}

/** client-go's JitterFactor for acquire attempts. */
const JITTER_FACTOR = 1.2;

export interface LeadershipStatus {
  identity: string;
  isLeader: boolean;
  /** The holder as last observed ("" when none). */
  holder: string;
  lease: string;
}

export class LeaderElector {
  private readonly lock: LeaseLock;
  private readonly clock: Clock;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private readonly random: () => number;

  private observed: LeaderElectionRecord | undefined;
  private observedRaw = '';
  /** Local time the observed record last changed: expiry is judged from it. */
  private observedAt = 0;
  private leading = false;
  private stopped = false;
  private started = false;
  private attemptInFlight: Promise<void> | undefined;
  private tickTimer: TimerHandle | undefined;
  private deadlineTimer: TimerHandle | undefined;
  /** Bumped when leadership ends, so an attempt begun while leading cannot extend a term that is over. */
  private term = 0;
  private reportedLeader: string | undefined;

  constructor(private readonly config: LeaderElectionConfig) {
    this.leaseDurationMs = config.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = config.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = config.retryPeriodMs ?? 2_000;
    if (!(this.leaseDurationMs > this.renewDeadlineMs)) throw new RangeError('leaseDuration must be greater than renewDeadline');
    if (!(this.renewDeadlineMs > JITTER_FACTOR * this.retryPeriodMs)) throw new RangeError('renewDeadline must be greater than retryPeriod*JitterFactor');
    this.lock = new LeaseLock(config.client, config.namespace, config.name, config.identity);
    this.clock = config.clock;
    this.random = config.random ?? Math.random;
  }

  /** Starts campaigning: the first attempt is made at once. */
  start(): void {
    if (this.started) throw new Error('the leader elector was already started');
    this.started = true;
    this.schedule(0);
  }

  isLeader(): boolean {
    return this.leading;
  }

  status(): LeadershipStatus {
    return { identity: this.config.identity, isLeader: this.leading, holder: this.observed?.holderIdentity ?? '', lease: this.lock.describe() };
  }

  /** Stops campaigning; a leader steps down first, then releases the lease. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.tickTimer?.cancel();
    const wasLeading = this.leading;
    if (wasLeading) this.stepDown();
    // A hung attempt does not hold up the release for long.
    if (wasLeading && this.attemptInFlight) await Promise.race([this.attemptInFlight.catch(() => {}), this.clock.sleep(this.retryPeriodMs)]);
    if (wasLeading && (this.config.releaseOnStop ?? true)) await this.release();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.tickTimer = this.clock.setTimer(delayMs, () => this.tick());
  }

  private tick(): void {
    if (this.stopped) return;
    // An attempt still hanging is not doubled; the deadline timer ends a term it holds up.
    if (!this.attemptInFlight) {
      const term = this.term;
      this.attemptInFlight = this.attempt(term).finally(() => (this.attemptInFlight = undefined));
    }
    // Leaders renew every retryPeriod; candidates retry with client-go's jitter.
    this.schedule(this.leading ? this.retryPeriodMs : this.retryPeriodMs * (1 + this.random() * JITTER_FACTOR));
  }

  /** Resolves when no acquire or renew attempt is in flight (tests step through attempts with it). */
  async settled(): Promise<void> {
    while (this.attemptInFlight) await this.attemptInFlight.catch(() => {});
  }

  private async attempt(term: number): Promise<void> {
    let acquired = false;
    try {
      acquired = await this.tryAcquireOrRenew();
    } catch (err) {
      this.config.onError?.(err, `acquiring or renewing lease ${this.lock.describe()}`);
    }
    this.reportLeader();
    if (this.stopped || term !== this.term) return;
    if (acquired) {
      this.renewed();
      if (!this.leading) {
        this.leading = true;
        this.config.onStartedLeading();
      }
    } else if (this.leading && this.observed && this.observed.holderIdentity !== this.config.identity) {
      // Someone else holds it now: there is no point waiting for the deadline.
      this.stepDown();
    }
  }

  /** A successful acquire or renew: the deadline to step down moves to renewDeadline from now. */
  private renewed(): void {
    this.deadlineTimer?.cancel();
    this.deadlineTimer = this.clock.setTimer(this.renewDeadlineMs, () => {
      if (this.leading) {
        this.config.onError?.(new Error(`failed to renew lease ${this.lock.describe()} within ${this.renewDeadlineMs} ms`), 'renewing');
        this.stepDown();
      }
    });
  }

  private stepDown(): void {
    this.deadlineTimer?.cancel();
    this.deadlineTimer = undefined;
    this.term++;
    if (!this.leading) return;
    this.leading = false;
    this.config.onStoppedLeading();
  }

  private isLeaseValid(now: number): boolean {
    return this.observedAt + (this.observed?.leaseDurationSeconds ?? 0) * 1000 > now;
  }

  private observe(record: LeaderElectionRecord, raw: string): void {
    this.observed = record;
    this.observedRaw = raw;
    this.observedAt = this.clock.now();
  }

  /** client-go's tryAcquireOrRenew. */
  private async tryAcquireOrRenew(): Promise<boolean> {
    const now = this.clock.now();
    const record: LeaderElectionRecord = {
      holderIdentity: this.config.identity,
      leaseDurationSeconds: Math.round(this.leaseDurationMs / 1000),
      acquireTime: now,
      renewTime: now,
      leaderTransitions: 0,
    };
    // 1. The leader updates optimistically, assuming the Lease is as it last wrote it.
    if (this.leading && this.observed && this.isLeaseValid(now)) {
      record.acquireTime = this.observed.acquireTime;
      record.leaderTransitions = this.observed.leaderTransitions;
      try {
        this.observe(record, await this.lock.update(record));
        return true;
      } catch (err) {
        this.config.onError?.(err, 'updating the lease optimistically; falling back to reading it');
      }
    }
    // 2. Read the Lease, or create it.
    const current = await this.lock.get();
    if (!current) {
      this.observe(record, await this.lock.create(record));
      return true;
    }
    // 3. Judge the holder and the time by what we observed, and when.
    if (current.raw !== this.observedRaw) this.observe(current.record, current.raw);
    const old = current.record;
    if (old.holderIdentity !== '' && this.isLeaseValid(now) && old.holderIdentity !== this.config.identity) return false;
    // 4. Take it over, or renew it.
    if (old.holderIdentity === this.config.identity) {
      record.acquireTime = old.acquireTime;
      record.leaderTransitions = old.leaderTransitions;
    } else {
      record.leaderTransitions = old.leaderTransitions + 1;
    }
    this.observe(record, await this.lock.update(record));
    return true;
  }

  /** Clears the holder (leaseDurationSeconds 1), as client-go does with ReleaseOnCancel. */
  private async release(): Promise<void> {
    if (!this.observed || this.observed.holderIdentity !== this.config.identity) return;
    const now = this.clock.now();
    const record: LeaderElectionRecord = { holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now, leaderTransitions: this.observed.leaderTransitions };
    try {
      this.observe(record, await this.lock.update(record));
    } catch (err) {
      this.config.onError?.(err, `releasing lease ${this.lock.describe()}`);
    }
    this.reportLeader();
  }

  private reportLeader(): void {
    const holder = this.observed?.holderIdentity;
    if (holder === undefined || holder === this.reportedLeader) return;
    this.reportedLeader = holder;
    this.config.onNewLeader?.(holder);
  }
}
