// kubectl's typed clients send built-in objects as protobuf (`kubectl create namespace demo`): a
// Namespace is decoded here for the metadata it is created with (name, generateName, labels,
// annotations) — enough for kubectl's newcomer habits.
import type { KubeObject } from '@coxswain/kruise-api';
import { mapOf, messageOf, stringOf, type Field } from './protobuf-wire.js';

/** A v1 Namespace's fields (protobuf-wire.ts readEnvelope) as the object to create. */
export function namespaceFromProtobuf(namespace: Field[]): KubeObject {
  const meta = messageOf(namespace, 1);
  const labels = mapOf(meta, 11);
  const annotations = mapOf(meta, 12);
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
}
