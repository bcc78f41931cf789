'use client';
// The rollout preview inside a confirm dialog: asked once when the dialog opens, shown while the
// operator decides (waves with their pods, nodes and zones, the predicted duration, where it stops and
// which hooks pods will wait on). A preview that fails says so and never blocks the confirmation.
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/api/errors';
import type { PreviewRolloutQuery } from '../../lib/api/generated';

export type RolloutPreview = PreviewRolloutQuery['previewRollout'];

function seconds(ms: number | null): string {
  return ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`;
}

export function PreviewSummary({ load }: { load: () => Promise<RolloutPreview> }) {
  const [state, setState] = useState<{ preview?: RolloutPreview; error?: string }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (preview) => live && setState({ preview }),
      (err: unknown) => live && setState({ error: describeError(err, 'preview the change') }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (state.error)
    return (
      <p className="muted" data-testid="preview-error">
        {state.error}
      </p>
    );
  if (!state.preview)
    return (
      <p className="muted" data-testid="preview-loading">
        Simulating the change…
      </p>
    );
  return <PreviewView preview={state.preview} />;
}

/** A preview as answered: the verdict, the waves in order, where it stops. */
export function PreviewView({ preview: p }: { preview: RolloutPreview }) {
  const verdict =
    p.outcome === 'COMPLETE'
      ? `completes in about ${seconds(p.durationMs)}`
      : p.outcome === 'STOPPED'
        ? `stops after about ${seconds(p.durationMs)}`
        : `preview cut short: ${p.truncated}`;
  return (
    <section className="preview" data-testid="preview">
      <h3>Preview (simulated)</h3>
      <p data-testid="preview-verdict">
        {p.waves.length} wave{p.waves.length === 1 ? '' : 's'}, {verdict}.
      </p>
      {p.waves.length > 0 && (
        <ol className="preview-waves">
          {p.waves.map((w, i) => (
            <li key={i} data-testid="preview-wave">
              at {seconds(w.startMs)}:{' '}
              {w.pods
                .map(
                  (pod) => `${pod.pod} (${pod.action.toLowerCase().replace(/_/g, ' ')}${pod.node ? ` on ${pod.node}${pod.zone ? `, ${pod.zone}` : ''}` : ''})`,
                )
                .join('; ')}
            </li>
          ))}
        </ol>
      )}
      {p.stops.map((s, i) => (
        <p key={i} className="preview-stop" data-testid="preview-stop">
          Stops at {s.code}: {s.message}
        </p>
      ))}
    </section>
  );
}
