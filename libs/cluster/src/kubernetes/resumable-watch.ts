// One watch of the port over the apiserver's watch streams. Streams end all the time (the server's
// timeout, client-node's 30 s inactivity limit, a dropped connection): each end is resumed from the
// last resourceVersion seen (events or bookmarks), at once after a clean end and with exponential
// backoff (client-go's 800 ms doubling to 30 s) after a failure, so the caller sees one stream that
// never loses or repeats a change. When the history to resume from is gone (410 Expired, as an ERROR
// event or an HTTP answer) the stream ends with ApiError Gone: only a relist can catch up, and the
// port's callers (the informers) relist on it.
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '@coxswain/kruise-api';
import { RealClock, type Clock, type TimerHandle } from '../clock.js';
import { ApiError, isApiError } from '../errors.js';
import type { WatchEvent, WatchHandle } from '../port.js';
import { apiErrorFromStatus, unreachable } from './status-errors.js';

export interface ResumableWatchOptions {
  kubeConfig: KubeConfig;
  path: string;
  labelSelector?: string;
  /** Deliver every change after this resourceVersion. */
  resourceVersion: string;
  onEvent(event: WatchEvent): void;
  onClose(err?: Error): void;
  /** Told about each failed stream before it is retried. */
  onRetry?(err: Error, delayMs: number): void;
  clock?: Clock;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

type RawEvent = { type: string; object: KubeObject & { code?: number; reason?: string; message?: string } };

export class ResumableWatch implements WatchHandle {
  private readonly watch: Watch;
  private readonly clock: Clock;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private backoffMs: number;
  private resourceVersion: string;
  private abort: AbortController | undefined;
  private retryTimer: TimerHandle | undefined;
  private stopped = false;
  /** Each stream gets a number; callbacks of an abandoned stream are ignored. */
  private attempt = 0;

  constructor(private readonly options: ResumableWatchOptions) {
    this.watch = new Watch(options.kubeConfig);
    this.clock = options.clock ?? new RealClock();
    this.initialBackoffMs = options.initialBackoffMs ?? 800;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.backoffMs = this.initialBackoffMs;
    this.resourceVersion = options.resourceVersion;
  }

  /** Opens the first stream; later ones open by themselves until stop() or Gone. */
  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.retryTimer?.cancel();
    this.abort?.abort();
  }

  /** The resourceVersion the next stream would resume from. */
  get lastResourceVersion(): string {
    return this.resourceVersion;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const attempt = ++this.attempt;
    let failure: Error | undefined;
    let gone = false;
    const params = {
      resourceVersion: this.resourceVersion,
      allowWatchBookmarks: true,
      ...(this.options.labelSelector ? { labelSelector: this.options.labelSelector } : {}),
    };
    const onLine = (type: string, object: RawEvent['object']) => {
      if (attempt !== this.attempt || this.stopped) return;
      if (type === 'ERROR') {
        const error = apiErrorFromStatus(object?.code ?? 500, object);
        if (isApiError(error, 'Gone')) gone = true;
        failure = error;
        this.abort?.abort();
        return;
      }
      const version = object?.metadata?.resourceVersion;
      if (version) this.resourceVersion = version;
      this.backoffMs = this.initialBackoffMs;
      if (type === 'BOOKMARK') return;
      if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') return;
      try {
        this.options.onEvent({ type, object });
      } catch (err) {
        // A consumer that throws ends its stream with that error, as the embedded store does.
        this.stop();
        this.options.onClose(err instanceof Error ? err : new Error(String(err)));
      }
    };
    const onDone = (err: unknown) => {
      if (attempt !== this.attempt || this.stopped) return;
      const status = (err as { statusCode?: number } | null)?.statusCode;
      if (status === 410) gone = true;
      if (gone) {
        this.stopped = true;
        this.options.onClose(failure && isApiError(failure, 'Gone') ? failure : ApiError.gone(`too old resource version: ${this.resourceVersion}`));
        return;
      }
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      const error = failure ?? (err && !timedOut ? (status ? apiErrorFromStatus(status, undefined) : unreachable(this.server(), err)) : undefined);
      if (!error) return void this.connect();
      const delay = this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
      this.options.onRetry?.(error, delay);
      this.retryTimer = this.clock.setTimer(delay, () => void this.connect());
    };
    try {
      this.abort = await this.watch.watch(this.options.path, params, onLine, onDone);
      if (this.stopped) this.abort.abort();
    } catch (err) {
      onDone(err);
    }
  }

  private server(): string {
    return this.options.kubeConfig.getCurrentCluster()?.server ?? '(no server)';
  }
}
