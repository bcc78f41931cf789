// V8 allocates a string longer than 128 KB straight into the old generation's large-object space, where
// it stays until a full collection, however briefly it is used. Text built in bulk and dropped soon after
// (watch batches between threads, a commit's rows for the database) is therefore cut into strings below
// that size, which die young: at thousands of pod changes a second, single strings per batch and per
// commit held over half a gigabyte of the cluster worker's heap between its full collections.

/** Characters per string for such text; 96 KB even when every character takes two bytes. */
export const YOUNG_STRING_CHARS = 48 * 1024;

/**
 * JSON array texts built a value at a time, each about `maxChars` long at most (a value longer than
 * that gets a text of its own).
 */
export class JsonArrayChunker {
  private parts: string[] = [];
  private chars = 0;

  constructor(private readonly maxChars = YOUNG_STRING_CHARS) {}

  /** Values added since the last text was taken. */
  get count(): number {
    return this.parts.length;
  }

  /** Adds a value; answers the text of the values before it when this one would take it over the limit. */
  add(value: unknown): string | undefined {
    const json = JSON.stringify(value);
    const full = this.parts.length > 0 && this.chars + json.length > this.maxChars ? this.take() : undefined;
    this.parts.push(json);
    this.chars += json.length + 1;
    return full;
  }

  /** The text of the values added since the last one (`[]` for none). */
  take(): string {
    const text = `[${this.parts.join(',')}]`;
    this.parts = [];
    this.chars = 0;
    return text;
  }
}

/** JSON array texts that together hold `values` in order (JsonArrayChunker's sizes); always at least one. */
export function jsonChunks(values: readonly unknown[], maxChars = YOUNG_STRING_CHARS): string[] {
  const chunker = new JsonArrayChunker(maxChars);
  const chunks: string[] = [];
  for (const value of values) {
    const full = chunker.add(value);
    if (full !== undefined) chunks.push(full);
  }
  if (chunker.count > 0 || chunks.length === 0) chunks.push(chunker.take());
  return chunks;
}
