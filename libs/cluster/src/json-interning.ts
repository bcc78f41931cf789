// Objects held for long (the store's, an informer cache's) repeat the same strings in every copy: the
// namespace, label keys and values, owner references, images, condition types, timestamps of one
// second. Interning makes equal strings one string, about a third of a pod's heap. The table forgets
// what it has not seen lately (two generations), so unique strings (uids, names) do not pile up in it
// once their objects are gone.
import { SizedObjects } from './sized-objects.js';

const GENERATION_SIZE = 1 << 16;

export class StringInterner {
  private young = new Map<string, string>();
  private old = new Map<string, string>();
  private readonly sized = new SizedObjects();
  private readonly copyMember = (value: unknown): unknown => this.frozenCopy(value);

  intern(value: string): string {
    const known = this.young.get(value);
    if (known !== undefined) return known;
    const kept = this.old.get(value) ?? value;
    this.young.set(kept, kept);
    if (this.young.size >= GENERATION_SIZE) {
      this.old = this.young;
      this.young = new Map();
    }
    return kept;
  }

  /**
   * Interns every string in a JSON value in place and freezes it. Parts already frozen were interned
   * when they were frozen (an unchanged part shared with an earlier version of the object): skipped.
   */
  internAndFreeze<T>(value: T): T {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
    const target = value as Record<string, unknown>;
    for (const key of Object.keys(target)) {
      const item = target[key];
      if (typeof item === 'string') target[key] = this.intern(item);
      else if (typeof item === 'object' && item !== null) this.internAndFreeze(item);
    }
    return Object.freeze(value);
  }

  /**
   * A frozen copy of a JSON value built by code (JSON.parse's objects are sized already: intern those
   * in place), its strings interned and each object sized to its properties (sized-objects.ts). Frozen
   * parts are shared as they are.
   */
  frozenCopy<T>(value: T): T {
    if (typeof value === 'string') return this.intern(value) as T;
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
    if (Array.isArray(value)) {
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = this.frozenCopy(value[i]);
      return Object.freeze(out) as T;
    }
    return Object.freeze(this.sized.copy(value as Record<string, unknown>, this.copyMember)) as T;
  }
}
