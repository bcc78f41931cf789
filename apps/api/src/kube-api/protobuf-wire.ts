// Kubernetes' protobuf envelope (`k8s\0` + runtime.Unknown holding the typed object), read just far
// enough for the few built-in objects kubectl's typed clients send as protobuf (protobuf-body.ts).
import { KubeStatusError } from './kube-status.js';

export const PROTOBUF_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

export interface Field {
  number: number;
  wireType: number;
  value: Buffer | bigint;
}

function readVarint(buf: Buffer, at: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (let i = at; i < buf.length; i++) {
    const byte = buf[i]!;
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [result, i + 1];
    shift += 7n;
  }
  throw new Error('truncated varint');
}

/** The fields of one message, in order; nested messages stay bytes until read with `fields` again. */
export function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = readVarint(buf, at);
    at = next;
    const number = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (wireType === 0) {
      const [value, after] = readVarint(buf, at);
      out.push({ number, wireType, value });
      at = after;
    } else if (wireType === 2) {
      const [length, after] = readVarint(buf, at);
      const end = after + Number(length);
      if (end > buf.length) throw new Error('truncated field');
      out.push({ number, wireType, value: buf.subarray(after, end) });
      at = end;
    } else if (wireType === 1) {
      at += 8;
    } else if (wireType === 5) {
      at += 4;
    } else {
      throw new Error(`unsupported wire type ${wireType}`);
    }
  }
  return out;
}

export const bytesOf = (list: Field[], n: number) => list.filter((f) => f.number === n && Buffer.isBuffer(f.value)).map((f) => f.value as Buffer);
export const stringOf = (list: Field[], n: number) => bytesOf(list, n)[0]?.toString('utf8');
/** The fields of the embedded message `n`, or none when it is absent. */
export const messageOf = (list: Field[], n: number) => fields(bytesOf(list, n)[0] ?? Buffer.alloc(0));

export function mapOf(list: Field[], n: number): Record<string, string> | undefined {
  const entries = bytesOf(list, n).map((entry) => {
    const f = fields(entry);
    return [stringOf(f, 1) ?? '', stringOf(f, 2) ?? ''] as const;
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The envelope's type and the typed object's fields. */
export function readEnvelope(body: Buffer): { apiVersion?: string; kind?: string; object: Field[] } {
  if (!body.subarray(0, 4).equals(MAGIC)) throw new Error('not a Kubernetes protobuf envelope');
  const unknown = fields(body.subarray(4));
  const typeMeta = messageOf(unknown, 1);
  return { apiVersion: stringOf(typeMeta, 1), kind: stringOf(typeMeta, 2), object: messageOf(unknown, 2) };
}

/** Decodes with `read`, answering 415 for anything it cannot read, as for a body in an unknown format. */
export function decodeOr415<T>(read: () => T): T {
  try {
    return read();
  } catch {
    throw KubeStatusError.unsupportedBody();
  }
}
