// Rollout progress: updated / ready / available against desired, with the partition and
// expectedUpdatedReplicas marked, and the current and update revisions (one, when they are the same).
import type { ReactNode } from 'react';
import type { Progress } from '../../lib/rollout/progress';
import { CURRENT_COLOR, UPDATE_COLOR } from '../../lib/grid/colors';

export function RolloutProgress({ p, currentRevision, updateRevision }: { p: Progress; currentRevision: string; updateRevision: string }) {
  const pct = (f: number) => `${(f * 100).toFixed(2)}%`;
  // Labels near an end of the bar grow inwards so they stay readable.
  const at = (f: number) => ({ left: pct(f), transform: f > 0.85 ? 'translateX(-100%)' : f < 0.15 ? 'none' : 'translateX(-50%)' });
  const sameSpot = Math.abs(p.fraction.expected - p.fraction.partitionMark) < 0.12;
  return (
    <section className="card progress" aria-labelledby="progress-title" data-testid="rollout-progress">
      <h2 id="progress-title">Rollout progress</h2>
      <div
        className="bar"
        role="img"
        aria-label={`${p.updated} updated, ${p.updatedReady} updated ready, ${p.updatedAvailable} updated available of ${p.desired}; expected ${p.expectedUpdated}`}
      >
        <span className="seg updated" style={{ width: pct(p.fraction.updated) }} />
        <span className="seg updated-ready" style={{ width: pct(p.fraction.updatedReady) }} />
        <span className="seg updated-available" style={{ width: pct(p.fraction.updatedAvailable) }} />
        <span className="mark expected" style={{ left: pct(p.fraction.expected) }} title={`expectedUpdatedReplicas ${p.expectedUpdated}`} />
        <span
          className="mark partition"
          style={{ left: pct(p.fraction.partitionMark) }}
          title={`partition ${p.partitionRaw}: ${p.partition} pods stay on the current revision`}
        />
      </div>
      <div className="bar-labels">
        <span style={at(p.fraction.expected)} className="expected">
          expected {p.expectedUpdated}
          {sameSpot ? ` · partition ${String(p.partitionRaw)}` : ''}
        </span>
        {!sameSpot && (
          <span style={at(p.fraction.partitionMark)} className="partition">
            partition {String(p.partitionRaw)}
          </span>
        )}
      </div>
      <dl className="numbers" data-testid="progress-numbers">
        {figures(p).map(([label, field, value]) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd data-field={field}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="revisions-line" data-testid="revisions-line">
        {currentRevision && currentRevision !== updateRevision ? (
          <>
            <span className="swatch" style={{ background: CURRENT_COLOR }} /> current <code data-field="currentRevision">{currentRevision}</code>
            {' → '}
            <span className="swatch" style={{ background: UPDATE_COLOR }} /> update <code data-field="updateRevision">{updateRevision}</code>
          </>
        ) : (
          // One revision is both current and update: one swatch, not a "current" one that reads like a second.
          <>
            <span className="swatch" style={{ background: UPDATE_COLOR }} /> revision <code data-field="updateRevision">{updateRevision}</code>{' '}
            <span className="muted">(current = update)</span>
          </>
        )}
        {p.paused && <b className="paused-flag"> · paused</b>}
        {!p.observed && <span className="muted"> · controller has not seen the latest change yet</span>}
      </p>
    </section>
  );
}

/** The rollout's numbers: label, data-field and value, in the order the list shows them. */
function figures(p: Progress): [string, string, ReactNode][] {
  return [
    ['desired', 'desired', p.desired],
    ['updated', 'updated', p.updated],
    ['updated ready', 'updatedReady', p.updatedReady],
    ['updated available', 'updatedAvailable', p.updatedAvailable],
    ['expected updated', 'expectedUpdated', p.expectedUpdated],
    [
      'partition',
      'partition',
      <>
        {String(p.partitionRaw)}
        {typeof p.partitionRaw === 'string' ? ` (${p.partition} pods)` : ''}
      </>,
    ],
    ['ready', 'ready', p.ready],
    ['available', 'available', p.available],
    ['total', 'total', p.total],
  ];
}
