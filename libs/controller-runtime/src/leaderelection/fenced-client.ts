// The client a leader's controllers write through: reads pass, writes pass only while its term lasts.
// When the term ends (lost, stepped down, stopped) the fence closes for good, so a reconcile still in
// flight cannot write after another replica may have taken over; the next term gets a new fence.
import { ApiError, type ClusterClient } from '@coxswain/cluster';

export class LeaderFence {
  private open = false;
  private closed = false;

  constructor(private readonly describe: string) {}

  /** Opens once, when the term begins; a closed fence never opens again. */
  openTerm(): void {
    if (!this.closed) this.open = true;
  }

  close(): void {
    this.open = false;
    this.closed = true;
  }

  get isOpen(): boolean {
    return this.open;
  }

  check(): void {
    if (!this.open) throw new ApiError('Forbidden', `not writing: this replica does not hold the leader lease ${this.describe}`);
  }

  wrap(inner: ClusterClient): ClusterClient {
    const guard = <T>(write: () => Promise<T>): Promise<T> => {
      try {
        this.check();
      } catch (err) {
        return Promise.reject(err);
      }
      return write();
    };
    return {
      get: (ref, namespace, name) => inner.get(ref, namespace, name),
      list: (ref, options) => inner.list(ref, options),
      watch: (ref, options, onEvent, onClose) => inner.watch(ref, options, onEvent, onClose),
      create: (object, options) => guard(() => inner.create(object, options)),
      update: (object, options) => guard(() => inner.update(object, options)),
      patch: (ref, namespace, name, patch, options) => guard(() => inner.patch(ref, namespace, name, patch, options)),
      updateStatus: (object, options) => guard(() => inner.updateStatus(object, options)),
      delete: (ref, namespace, name, options) => guard(() => inner.delete(ref, namespace, name, options)),
    };
  }
}
