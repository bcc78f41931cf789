// Images present on each node. A cached image costs no pull; concurrent pulls of one image on one node share
// a single pull, as containerd does; images matching the failure pattern never arrive. Each image takes
// disk on its node (a size derived from its name, so runs are reproducible), reported as the node's
// status.images[].sizeBytes. The kubelet (pod starts) and the simulated kruise-daemon (NodeImage pulls,
// image-puller.ts) pull through the same cache, so an image pre-pulled on a node costs a later pod no pull.
import { createHash } from 'node:crypto';
import type { TimerSet } from './timer-set.js';

export interface ImageCacheOptions {
  pullMs: number;
  failImagePattern?: RegExp;
  /** Called once per image that arrives on a node through a pull. */
  onPulled?: (nodeName: string, image: string) => void;
  /** The disk an image takes; default: 10–250 MiB, derived from the name. */
  sizeBytes?: (image: string) => number;
}

const MIB = 1024 * 1024;

/** A stand-in image size: 10 MiB plus up to 240 MiB picked by the name's digest. */
export function defaultImageSizeBytes(image: string): number {
  return 10 * MIB + (createHash('sha256').update(image).digest().readUInt32BE(0) % (240 * MIB));
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

  sizeOf(image: string): number {
    return (this.options.sizeBytes ?? defaultImageSizeBytes)(image);
  }

  /** The disk the node's images take. */
  diskUsedBytes(nodeName: string): number {
    let total = 0;
    for (const image of this.imagesOn(nodeName)) total += this.sizeOf(image);
    return total;
  }

  willFail(image: string): boolean {
    const pattern = this.options.failImagePattern;
    if (!pattern) return false;
    pattern.lastIndex = 0; // a /g or /y pattern keeps state between test() calls
    return pattern.test(image);
  }

  /**
   * Calls `done(true)` at once for a cached image (unless `always`: a pull policy of Always pulls again),
   * else after one (shared) pull; `done(false)` if it fails.
   */
  pull(nodeName: string, image: string, done: PullDone, always = false): void {
    const fails = this.willFail(image);
    if (!fails && !always && this.has(nodeName, image)) {
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
