// Shape checks for annotation JSON read back from pods (anyone can edit an annotation), and the sorted
// map form Go's encoder writes.
import type { InPlaceUpdateContainerMetadata } from '@coxswain/kruise-api';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function isStringRecord(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** A copy with keys in code-unit order (Go sorts map keys by bytes; label keys are ASCII). */
export function sortedRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key]!;
  return out;
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** A map whose every value passes `item`. */
export function isRecordOf(value: unknown, item: (v: unknown) => boolean): value is Record<string, unknown> {
  return isPlainObject(value) && Object.values(value).every(item);
}

/** A container's labels and annotations to apply (InPlaceUpdateContainerMetadata): each absent, null or a string map. */
export function isContainerMetadata(value: unknown): value is InPlaceUpdateContainerMetadata {
  if (!isPlainObject(value)) return false;
  const { labels, annotations } = value;
  return (labels === undefined || labels === null || isStringRecord(labels)) && (annotations === undefined || annotations === null || isStringRecord(annotations));
}

/** Annotation text as a JSON object; undefined (never an exception) when it is not JSON or not an object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isPlainObject(raw) ? raw : undefined;
}

/**
 * An optional member of annotation JSON (absent as undefined or null, Go's zero value): false when it is
 * present with the wrong shape; else true, a present value handed to `keep`.
 */
export function readOptional<T>(raw: Record<string, unknown>, key: string, is: (value: unknown) => boolean, keep: (value: T) => void): boolean {
  const value = raw[key];
  if (value === undefined || value === null) return true;
  if (!is(value)) return false;
  keep(value as T);
  return true;
}
