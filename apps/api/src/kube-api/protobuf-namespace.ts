// kubectl's typed clients send built-in objects as protobuf (`kubectl create namespace demo`). This
// server reads JSON and YAML only, with one exception: a Namespace in Kubernetes' protobuf envelope
// (`k8s\0` + runtime.Unknown holding the v1.Namespace), decoded here for the metadata a Namespace is
// created with (name, generateName, labels, annotations) — enough for kubectl's newcomer habits.
import type { KubeObject } from '@coxswain/kruise-api';
import { KubeStatusError } from './kube-status.js';

export const PROTOBUF_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

interface Field {
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

function fields(buf: Buffer): Field[] {
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

const bytesOf = (list: Field[], n: number) => list.filter((f) => f.number === n && Buffer.isBuffer(f.value)).map((f) => f.value as Buffer);
const stringOf = (list: Field[], n: number) => bytesOf(list, n)[0]?.toString('utf8');

function map(list: Field[], n: number): Record<string, string> | undefined {
  const entries = bytesOf(list, n).map((entry) => {
    const f = fields(entry);
    return [stringOf(f, 1) ?? '', stringOf(f, 2) ?? ''] as const;
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The Namespace in a protobuf body; 415 for anything else, as this server reads no other protobuf. */
export function namespaceFromProtobuf(body: Buffer): KubeObject {
  try {
    if (!body.subarray(0, 4).equals(MAGIC)) throw new Error('not a Kubernetes protobuf envelope');
    const unknown = fields(body.subarray(4));
    const typeMeta = fields(bytesOf(unknown, 1)[0] ?? Buffer.alloc(0));
    const apiVersion = stringOf(typeMeta, 1);
    const kind = stringOf(typeMeta, 2);
    if (apiVersion !== 'v1' || kind !== 'Namespace') throw new Error(`${kind ?? 'an object'} in protobuf`);
    const namespace = fields(bytesOf(unknown, 2)[0] ?? Buffer.alloc(0));
    const meta = fields(bytesOf(namespace, 1)[0] ?? Buffer.alloc(0));
    const labels = map(meta, 11);
    const annotations = map(meta, 12);
    return {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        ...(stringOf(meta, 1) ? { name: stringOf(meta, 1) } : {}),
        ...(stringOf(meta, 2) ? { generateName: stringOf(meta, 2) } : {}),
        ...(labels ? { labels } : {}),
        ...(annotations ? { annotations } : {}),
      },
    };
  } catch {
    throw KubeStatusError.unsupportedBody();
  }
}
