// What the current mutation changed, collected while it runs. The audit interceptor opens a draft per
// mutation (AsyncLocalStorage, so it follows the request through awaits); the use cases that write to
// the cluster note their before/after here, and the interceptor turns the draft into one audit row.
// Outside a mutation (controllers, startup) noting is a no-op.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import type { KubeObject } from '@coxswain/kruise-api';
import { fieldChanges, type FieldValues } from './field-changes.js';

export interface AuditTarget {
  kind: string;
  namespace: string | null;
  name: string | null;
}

export interface AuditChange {
  target: AuditTarget;
  before: FieldValues | null;
  after: FieldValues | null;
}

export interface AuditDraft {
  changes: AuditChange[];
  /** Where a refused or failed mutation was aimed (from its arguments); a noted change overrides it. */
  target: AuditTarget | null;
  idempotencyKey: string | null;
  message: string | null;
  /** Durable writes the answer waits for together with the audit row (AuditTrail.alongsideRecord). */
  alongside?: Promise<void>[];
}

@Injectable()
export class AuditTrail {
  private readonly storage = new AsyncLocalStorage<AuditDraft>();

  run<T>(draft: AuditDraft, fn: () => T): T {
    return this.storage.run(draft, fn);
  }

  /** Records the fields a write changed; `before` null for a create, `after` null for an object now gone. */
  noteObjectChange(before: KubeObject | null, after: KubeObject | null): void {
    const object = after ?? before;
    if (!object) return;
    const { before: was, after: is } = fieldChanges(before, after);
    this.noteChange({ kind: object.kind, namespace: object.metadata.namespace ?? null, name: object.metadata.name ?? null }, was, is);
  }

  /** Records a delete: the object marked for deletion (deletionTimestamp set), or gone at once. */
  noteDeletion(result: KubeObject): void {
    const target = { kind: result.kind, namespace: result.metadata.namespace ?? null, name: result.metadata.name ?? null };
    if (result.metadata.deletionTimestamp) {
      this.noteChange(target, { 'metadata.deletionTimestamp': null }, { 'metadata.deletionTimestamp': result.metadata.deletionTimestamp });
    } else {
      this.noteChange(target, { 'metadata.uid': result.metadata.uid ?? null }, null);
    }
  }

  noteChange(target: AuditTarget, before: FieldValues | null, after: FieldValues | null): void {
    this.storage.getStore()?.changes.push({ target, before, after });
  }

  /**
   * A durable write the mutation's answer must wait for but which need not come before its audit row:
   * inside a mutation it is awaited together with the row (one commit's wait instead of two in turn),
   * outside one it is simply the promise to await. The write must not reject.
   */
  alongsideRecord(write: Promise<void>): Promise<void> {
    const draft = this.storage.getStore();
    if (!draft) return write;
    (draft.alongside ??= []).push(write);
    return Promise.resolve();
  }

  noteIdempotencyKey(key: string): void {
    const draft = this.storage.getStore();
    if (draft) draft.idempotencyKey = key;
  }

  noteMessage(message: string): void {
    const draft = this.storage.getStore();
    if (draft) draft.message = message;
  }
}
