// The built-in objects this server reads as protobuf: a Namespace (`kubectl create namespace`) and the
// self reviews (`kubectl auth can-i`, `auth whoami`). Any other protobuf body is a 415, as the server
// reads JSON and YAML otherwise.
import { namespaceFromProtobuf } from './protobuf-namespace.js';
import { reviewFromProtobuf } from './protobuf-reviews.js';
import { decodeOr415, readEnvelope } from './protobuf-wire.js';

export function objectFromProtobuf(body: Buffer): unknown {
  return decodeOr415(() => {
    const { apiVersion, kind, object } = readEnvelope(body);
    if (apiVersion === 'v1' && kind === 'Namespace') return namespaceFromProtobuf(object);
    const review = reviewFromProtobuf(apiVersion, kind, object);
    if (review === undefined) throw new Error(`${kind ?? 'an object'} in protobuf`);
    return review;
  });
}
