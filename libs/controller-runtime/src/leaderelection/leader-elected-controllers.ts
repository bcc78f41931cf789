// Controllers that reconcile only while this replica holds the leader lease. Each term of leadership
// gets a fresh manager (fresh caches and expectations, as a controller manager that restarts after
// losing its lease would have) writing through a fence that closes when the term ends. Between terms a
// standby manager keeps its caches warm, so plans can be read on every replica and a takeover starts
// reconciling as soon as it holds the lease.
import type { Clock, ClusterClient } from '@coxswain/cluster';
import type { ControllerManager } from '../manager.js';
import { LeaderFence } from './fenced-client.js';
import { LeaderElector, type LeadershipStatus } from './leader-elector.js';

export interface ControllerTerm {
  manager: ControllerManager;
  /** Extra shutdown after the manager stopped (e.g. flushing an event recorder). */
  stop?(): Promise<void>;
}

export interface LeaderElectedControllersOptions<T extends ControllerTerm> {
  client: ClusterClient;
  clock: Clock;
  namespace: string;
  name: string;
  identity: string;
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  /** Builds one term's manager and controllers over `client` (fenced). Called once per term. */
  build(client: ClusterClient): T;
  onEvent?(message: string, fields: Record<string, unknown>): void;
  onError?(err: unknown, context: string): void;
}

export class LeaderElectedControllers<T extends ControllerTerm> {
  readonly elector: LeaderElector;
  private term: { built: T; fence: LeaderFence; caches: Promise<void> };
  private terms = 0;
  private stopped = false;

  constructor(private readonly options: LeaderElectedControllersOptions<T>) {
    this.term = this.newTerm();
    this.elector = new LeaderElector({
      client: options.client,
      clock: options.clock,
      namespace: options.namespace,
      name: options.name,
      identity: options.identity,
      leaseDurationMs: options.leaseDurationMs,
      renewDeadlineMs: options.renewDeadlineMs,
      retryPeriodMs: options.retryPeriodMs,
      onStartedLeading: () => this.lead(),
      onStoppedLeading: () => this.standDown(),
      onNewLeader: (identity) => options.onEvent?.('new leader', { leader: identity || '(none)', self: identity === options.identity }),
      onError: options.onError,
    });
  }

  /** The current term's controllers (leading or standing by). */
  get current(): T {
    return this.term.built;
  }

  /** Starts the standby caches and the campaign; resolves once the caches synced. */
  async start(): Promise<void> {
    this.elector.start();
    await this.term.caches;
  }

  status(): LeadershipStatus & { terms: number } {
    return { ...this.elector.status(), terms: this.terms };
  }

  /** Whether the current term's caches have synced. */
  synced(): boolean {
    return this.term.built.manager.informers.hasSynced();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.term.fence.close();
    await this.elector.stop();
    await this.stopTerm(this.term);
  }

  private newTerm(): { built: T; fence: LeaderFence; caches: Promise<void> } {
    const fence = new LeaderFence(`${this.options.namespace}/${this.options.name}`);
    const built = this.options.build(fence.wrap(this.options.client));
    const caches = built.manager.startCaches().catch((err: unknown) => this.options.onError?.(err, 'starting the controllers\' caches'));
    return { built, fence, caches };
  }

  private lead(): void {
    const term = this.term;
    this.terms++;
    term.fence.openTerm();
    this.options.onEvent?.('started leading', { identity: this.options.identity, term: this.terms });
    void term.caches.then(() => {
      // The term may have ended while the caches were syncing.
      if (!term.fence.isOpen) return;
      try {
        term.built.manager.startControllers();
      } catch (err) {
        this.options.onError?.(err, 'starting the controllers');
      }
    });
  }

  private standDown(): void {
    const ended = this.term;
    ended.fence.close();
    this.options.onEvent?.('stopped leading', { identity: this.options.identity, term: this.terms });
    if (this.stopped) return;
    this.term = this.newTerm();
    void this.stopTerm(ended);
  }

  private async stopTerm(term: { built: T }): Promise<void> {
    try {
      await term.built.manager.stop();
      await term.built.stop?.();
    } catch (err) {
      this.options.onError?.(err, 'stopping the controllers of an ended term');
    }
  }
}
