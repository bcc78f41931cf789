'use client';
// Asks before a change: says what will happen, optionally asks for one line of text (an
// acknowledgement's reason), runs it on confirm, and shows the API's refusal in words without closing,
// so the operator can read it and decide.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { describeError } from '../../lib/api/errors';
import { PreviewSummary, type RolloutPreview } from './PreviewSummary';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in words (from the plan and status). */
  body: ReactNode;
  confirmLabel: string;
  /** The infinitive used in the error sentence: "Could not <action>: …". */
  action: string;
  danger?: boolean;
  /** A text field shown in the dialog; its value is passed to run(). */
  input?: { name: string; label: string; placeholder?: string; initial?: string };
  run(input: string): Promise<unknown>;
  /** Called after a failure (e.g. reload after a CONFLICT). */
  onError?(err: unknown): void;
  /** Called after success (e.g. clear the chosen pods). */
  onDone?(): void;
  /** The rollout preview of the change (previewRollout), shown under the body before the operator confirms. */
  preview?(): Promise<RolloutPreview>;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(done: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      setError(null);
      setText(request.input?.initial ?? '');
      dialog.showModal();
    } else if (!request && dialog.open) dialog.close();
  }, [request]);

  async function confirm() {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      await request.run(text.trim());
      request.onDone?.();
      onClose(true);
    } catch (err) {
      setError(describeError(err, request.action));
      request.onError?.(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className="confirm"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose(false);
      }}
      aria-labelledby="confirm-title"
    >
      {request && (
        <>
          <h2 id="confirm-title">{request.title}</h2>
          <div className="confirm-body" data-testid="confirm-body">
            {request.body}
          </div>
          {request.preview && <PreviewSummary load={request.preview} />}
          {request.input && (
            <label className="confirm-input">
              {request.input.label}
              <input name={request.input.name} value={text} placeholder={request.input.placeholder} onChange={(e) => setText(e.target.value)} disabled={busy} />
            </label>
          )}
          {error && (
            <p className="error" role="alert" data-testid="action-error">
              {error}
            </p>
          )}
          <div className="buttons">
            <button type="button" onClick={() => onClose(false)} disabled={busy}>
              {error ? 'Close' : 'Cancel'}
            </button>
            <button type="button" className={request.danger ? 'danger' : 'primary'} onClick={confirm} disabled={busy}>
              {busy ? 'Working…' : request.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
