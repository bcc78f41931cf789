// What crosses a thread (or process) boundary between a cluster and its clients: calls, their answers,
// and watch streams, as plain structured-cloneable messages. Errors travel as data and come back as the
// ApiError the caller would have got in-process, so `isApiError(err, 'Conflict')` works across it.
import type { KubeObject } from '@coxswain/kruise-api';
import { ApplyError } from '../apply/apply-objects.js';
import { ApiError, type StatusDetails, type StatusReason } from '../errors.js';

/** The part of a MessagePort (or Worker, or parentPort) the RPC needs. */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

type WireApiError = { type: 'ApiError'; reason: StatusReason; message: string; details: StatusDetails };

export type WireError =
  | WireApiError
  /** A manifest document that could not be applied: which one, and the ApiError it met. */
  | { type: 'ApplyError'; documentIndex: number; object: KubeObject; cause: WireApiError }
  | { type: 'Error'; name: string; message: string };

export type Request =
  | { kind: 'call'; id: number; method: string; args: unknown[] }
  | { kind: 'watch'; id: number; method: string; args: unknown[] }
  | { kind: 'unwatch'; id: number };

export type Response =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  /** A batch of a stream's items, in order, as the JSON text of their array. */
  | { kind: 'items'; id: number; json: string }
  /** The stream ended on the serving side (error: it failed). */
  | { kind: 'closed'; id: number; error?: WireError };

export function toWire(err: unknown): WireError {
  if (err instanceof ApiError) return { type: 'ApiError', reason: err.reason, message: err.message, details: err.details };
  if (err instanceof ApplyError) {
    const cause = err.cause;
    return { type: 'ApplyError', documentIndex: err.documentIndex, object: err.object, cause: { type: 'ApiError', reason: cause.reason, message: cause.message, details: cause.details } };
  }
  if (err instanceof Error) return { type: 'Error', name: err.name, message: err.message };
  return { type: 'Error', name: 'Error', message: String(err) };
}

export function fromWire(wire: WireError): Error {
  if (wire.type === 'ApiError') return new ApiError(wire.reason, wire.message, wire.details);
  if (wire.type === 'ApplyError') return new ApplyError(wire.documentIndex, wire.object, new ApiError(wire.cause.reason, wire.cause.message, wire.cause.details));
  const err = new Error(wire.message);
  err.name = wire.name;
  return err;
}
