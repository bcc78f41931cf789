// A set of strings kept in order, for pages that cost what the page costs: "the next 100 pods of this
// CloneSet after web-x7k2p" is a binary search and a slice, not a sort of every pod. Keys live in
// chunks of bounded size (a sorted list of sorted lists), so adding or removing one moves at most a
// chunk's worth of references, however many keys there are.

const MAX_CHUNK = 512;

export class SortedKeys {
  private chunks: string[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    const chunk = this.chunks[this.chunkFor(key)];
    return chunk !== undefined && chunk[lowerBound(chunk, key)] === key;
  }

  /** Adds `key`; false when it was there already. */
  add(key: string): boolean {
    if (this.chunks.length === 0) {
      this.chunks.push([key]);
      this.count = 1;
      return true;
    }
    const c = this.chunkFor(key);
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk, key);
    if (chunk[at] === key) return false;
    chunk.splice(at, 0, key);
    this.count++;
    if (chunk.length > MAX_CHUNK) this.chunks.splice(c, 1, chunk.slice(0, MAX_CHUNK / 2), chunk.slice(MAX_CHUNK / 2));
    return true;
  }

  /** Removes `key`; false when it was not there. */
  delete(key: string): boolean {
    const c = this.chunkFor(key);
    const chunk = this.chunks[c];
    if (!chunk) return false;
    const at = lowerBound(chunk, key);
    if (chunk[at] !== key) return false;
    chunk.splice(at, 1);
    this.count--;
    if (chunk.length === 0) this.chunks.splice(c, 1);
    return true;
  }

  /** Up to `limit` keys after `after` (from the first when undefined), in order. */
  page(after: string | undefined, limit: number): string[] {
    const out: string[] = [];
    let c = after === undefined ? 0 : this.chunkFor(after);
    let i = after === undefined ? 0 : upperBound(this.chunks[c] ?? [], after);
    while (out.length < limit && c < this.chunks.length) {
      const chunk = this.chunks[c]!;
      if (i >= chunk.length) {
        c++;
        i = 0;
        continue;
      }
      out.push(chunk[i++]!);
    }
    return out;
  }

  /** How many keys come after `after` (all of them when undefined). */
  countAfter(after: string | undefined): number {
    if (after === undefined) return this.count;
    const c = this.chunkFor(after);
    let before = 0;
    for (let k = 0; k < c; k++) before += this.chunks[k]!.length;
    return this.count - before - upperBound(this.chunks[c] ?? [], after);
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The chunk that holds `key`, or would: the last chunk whose first key is <= key (the first chunk when none). */
  private chunkFor(key: string): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.chunks[mid]![0]! <= key) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

/** First index whose key is >= key. */
function lowerBound(chunk: readonly string[], key: string): number {
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (chunk[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** First index whose key is > key. */
function upperBound(chunk: readonly string[], key: string): number {
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (chunk[mid]! <= key) low = mid + 1;
    else high = mid;
  }
  return low;
}
