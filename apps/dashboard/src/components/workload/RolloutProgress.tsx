// Rollout progress: updated / ready / available against desired, with the partition and
// expectedUpdatedReplicas marked, and the current and update revisions (one, when they are the same).
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
        <div>
          <dt>desired</dt>
          <dd data-field="desired">{p.desired}</dd>
        </div>
        <div>
          <dt>updated</dt>
          <dd data-field="updated">{p.updated}</dd>
        </div>
        <div>
          <dt>updated ready</dt>
          <dd data-field="updatedReady">{p.updatedReady}</dd>
        </div>
        <div>
          <dt>updated available</dt>
          <dd data-field="updatedAvailable">{p.updatedAvailable}</dd>
        </div>
        <div>
          <dt>expected updated</dt>
          <dd data-field="expectedUpdated">{p.expectedUpdated}</dd>
        </div>
        <div>
          <dt>partition</dt>
          <dd data-field="partition">
            {String(p.partitionRaw)}
            {typeof p.partitionRaw === 'string' ? ` (${p.partition} pods)` : ''}
          </dd>
        </div>
        <div>
          <dt>ready</dt>
          <dd data-field="ready">{p.ready}</dd>
        </div>
        <div>
          <dt>available</dt>
          <dd data-field="available">{p.available}</dd>
        </div>
        <div>
          <dt>total</dt>
          <dd data-field="total">{p.total}</dd>
        </div>
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
