// Duplicate keys of a JSON text: `{"replicas": 1, "replicas": 2}` parses (JSON.parse keeps the last), but
// kube-apiserver's strict decoding reports it (`duplicate field "spec.replicas"`). Found by one linear
// pass over the text with an explicit stack, so neither the size of a body (100,000 keys) nor its
// nesting can exhaust the call stack; keys are compared decoded (`"a\u0062"` repeats `"ab"`). The same
// pass can find where given fields first occur, so that duplicates and unknown fields can be told in
// the order the apiserver's decoder meets them.
import { fieldPathText, type FieldSegment } from './unknown-fields.js';

export interface DuplicateKey {
  /** Where, as sigs.k8s.io/json prints it: `spec.paused`, `spec.template.spec.containers[0].imagePullPolicy`. */
  path: string;
  segments: FieldSegment[];
  /** The offset of the repeated key's opening quote in the text. */
  offset: number;
  /** The 1-based line of the repeated key. */
  line: number;
}

export interface KeyScan {
  /** Every repetition of a key, in the order of the text (a key written three times repeats twice). */
  duplicates: DuplicateKey[];
  /** For each path asked for, the offset of its key's first occurrence, or -1. */
  located: number[];
}

/** At most this many repetitions are reported: the apiserver keeps at most 100 strict decoding errors. */
export const MAX_REPORTED_DUPLICATES = 100;

interface Trie {
  /** Null for a leaf (most nodes: one per path asked for). */
  children: Map<FieldSegment, Trie> | null;
  /** The index of the located path ending here, or -1. */
  target: number;
}

interface Frame {
  /** An object's keys so far (undefined for a list). */
  seen: Set<string> | undefined;
  /** The member being read: its key in an object, its index in a list. */
  at: FieldSegment;
  /** Where this container is in the paths asked for, or null when in none of them. */
  trie: Trie | null;
}

function buildTrie(paths: readonly (readonly FieldSegment[])[]): Trie {
  const root: Trie = { children: null, target: -1 };
  for (let index = 0; index < paths.length; index++) {
    let node = root;
    for (const segment of paths[index]!) {
      node.children ??= new Map();
      let next = node.children.get(segment);
      if (!next) node.children.set(segment, (next = { children: null, target: -1 }));
      node = next;
    }
    if (node.target === -1) node.target = index;
  }
  return root;
}

/**
 * Scans `text`, which must be JSON that JSON.parse accepts (anything else ends the scan early, with what
 * was found so far), for repeated keys and for the first occurrence of each of `locate`'s paths.
 */
export function scanJsonKeys(text: string, locate: readonly (readonly FieldSegment[])[] = [], limit = MAX_REPORTED_DUPLICATES): KeyScan {
  const duplicates: DuplicateKey[] = [];
  const located = locate.map(() => -1);
  const frames: Frame[] = [];
  const trie: Trie | null = locate.length > 0 ? buildTrie(locate) : null;
  let expectKey = false;
  let line = 1;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 0x0a: // \n
        line++;
        i++;
        continue;
      case 0x20:
      case 0x09:
      case 0x0d:
      case 0x3a: // :
        i++;
        continue;
      case 0x7b: // {
      case 0x5b: {
        // [
        const parent = frames[frames.length - 1];
        const node = parent ? (parent.trie?.children?.get(parent.at) ?? null) : trie;
        frames.push({ seen: c === 0x7b ? new Set() : undefined, at: 0, trie: node });
        expectKey = c === 0x7b;
        i++;
        continue;
      }
      case 0x7d: // }
      case 0x5d: // ]
        frames.pop();
        expectKey = false;
        i++;
        continue;
      case 0x2c: {
        // ,
        const top = frames[frames.length - 1];
        if (top?.seen) expectKey = true;
        else if (top) top.at = (top.at as number) + 1;
        i++;
        continue;
      }
      case 0x22: {
        // "
        const end = stringEnd(text, i);
        if (end < 0) return { duplicates, located };
        const top = frames[frames.length - 1];
        if (expectKey && top?.seen) {
          const key = decodeKey(text, i, end);
          if (top.seen.has(key)) {
            if (duplicates.length < limit) {
              const segments = [...frames.slice(0, -1).map((f) => f.at), key];
              duplicates.push({ path: fieldPathText(segments), segments, offset: i, line });
            }
          } else {
            top.seen.add(key);
            const node = top.trie?.children?.get(key);
            if (node && node.target >= 0 && located[node.target] === -1) located[node.target] = i;
          }
          top.at = key;
          expectKey = false;
        }
        i = end + 1;
        continue;
      }
      default: {
        // A number, true, false or null: up to the next delimiter.
        const start = i;
        while (i < length && !isDelimiter(text.charCodeAt(i))) i++;
        if (i === start) return { duplicates, located };
      }
    }
  }
  return { duplicates, located };
}

/** Every repetition of a key in the JSON `text` (see scanJsonKeys). */
export function findDuplicateKeys(text: string, limit = MAX_REPORTED_DUPLICATES): DuplicateKey[] {
  return scanJsonKeys(text, [], limit).duplicates;
}

/** The index of the quote closing the string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function decodeKey(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : raw;
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a || c === 0x22 || c === 0x7b || c === 0x5b;
}
