// Images present on each node. A cached image costs no pull; concurrent pulls of one image on one node share
// a single pull, as containerd does; images matching the failure pattern never arrive.
import type { TimerSet } from './timer-set.js';

export interface ImageCacheOptions {
  pullMs: number;
  failImagePattern?: RegExp;
  /** Called once per image that arrives on a node through a pull. */
  onPulled?: (nodeName: string, image: string) => void;
}

export type PullDone = (pulled: boolean) => void;

export class ImageCache {
  private readonly present = new Map<string, Set<string>>();
  private readonly pulling = new Map<string, PullDone[]>();

  constructor(
    private readonly timers: TimerSet,
    private readonly options: ImageCacheOptions,
  ) {}

  imagesOn(nodeName: string): ReadonlySet<string> {
    return this.present.get(nodeName) ?? new Set();
  }

  has(nodeName: string, image: string): boolean {
    return this.present.get(nodeName)?.has(image) ?? false;
  }

  /** Records an image found on the node (e.g. a container already running it after a restart). */
  markPresent(nodeName: string, image: string): void {
    let images = this.present.get(nodeName);
    if (!images) this.present.set(nodeName, (images = new Set()));
    images.add(image);
  }

  willFail(image: string): boolean {
    const pattern = this.options.failImagePattern;
    if (!pattern) return false;
    pattern.lastIndex = 0; // a /g or /y pattern keeps state between test() calls
    return pattern.test(image);
  }

  /** Calls `done(true)` at once for a cached image, else after one (shared) pull; `done(false)` if it fails. */
  pull(nodeName: string, image: string, done: PullDone): void {
    const fails = this.willFail(image);
    if (!fails && this.has(nodeName, image)) {
      done(true);
      return;
    }
    const key = `${nodeName}\u0000${image}`;
    const waiting = this.pulling.get(key);
    if (waiting) {
      waiting.push(done);
      return;
    }
    this.pulling.set(key, [done]);
    this.timers.set(this.options.pullMs, () => {
      const waiters = this.pulling.get(key) ?? [];
      this.pulling.delete(key);
      if (!fails) {
        this.markPresent(nodeName, image);
        this.options.onPulled?.(nodeName, image);
      }
      for (const waiter of waiters) waiter(!fails);
    });
  }
}
