// client-go's SharedInformerFactory: one informer per kind (and namespace and selector) over one
// client, however many controllers watch it, so each kind is listed and watched once and every
// controller reads the same cache.
import type { Clock, ClusterClient, KindRef } from '@coxswain/cluster';
import { Selector, type KubeObject, type LabelSelector } from '@coxswain/kruise-api';
import { Informer, type InformerOptions } from './informer.js';

export interface InformerFactoryOptions {
  clock: Clock;
  onError?: InformerOptions['onError'];
  transform?: InformerOptions['transform'];
  listPageSize?: InformerOptions['listPageSize'];
}

export interface InformerScope {
  namespace?: string;
  labelSelector?: LabelSelector | string;
}

export class InformerFactory {
  private readonly informers = new Map<string, Informer>();
  private stopped = false;

  constructor(
    readonly client: ClusterClient,
    private readonly options: InformerFactoryOptions,
  ) {}

  /** The shared informer for `ref` in `scope`, created on first use. Call start() to run new ones. */
  informerFor<T extends KubeObject = KubeObject>(ref: KindRef, scope: InformerScope = {}): Informer<T> {
    // Versions are kept apart: two served versions of one kind are the same objects but not the same shape.
    const selector = scope.labelSelector === undefined ? '' : Selector.from(scope.labelSelector).toString();
    const key = `${ref.apiVersion}/${ref.kind}|${scope.namespace ?? ''}|${selector}`;
    let informer = this.informers.get(key);
    if (!informer) {
      informer = new Informer<KubeObject>(this.client, ref, { ...this.options, ...scope });
      this.informers.set(key, informer);
    }
    return informer as unknown as Informer<T>;
  }

  /** Starts every informer not yet running; call again after asking for more. */
  start(): void {
    if (this.stopped) throw new Error('informer factory is stopped');
    for (const informer of this.informers.values()) informer.start();
  }

  waitForCacheSync(): Promise<void> {
    return Promise.all([...this.informers.values()].map((i) => i.waitForSync())).then(() => undefined);
  }

  hasSynced(): boolean {
    return [...this.informers.values()].every((i) => i.hasSynced());
  }

  stop(): void {
    this.stopped = true;
    for (const informer of this.informers.values()) informer.stop();
  }

  list(): Informer[] {
    return [...this.informers.values()];
  }
}
