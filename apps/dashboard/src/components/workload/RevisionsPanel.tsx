'use client';
// Revision history, newest first: images, pods per revision, and the difference (images and pod
// template) against the update revision; a rollback button for operators.
import { useState } from 'react';
import type { Revision, Workload } from '../../lib/api/types';
import { clockTime } from '../../lib/format';
import type { RevisionColor } from '../../lib/grid/colors';
import { imageChanges, lineDiff, templateText, withContext } from '../../lib/rollout/revision-diff';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import { RollbackAction } from './actions/RollbackAction';
import type { Mutations } from './mutations';

interface Props {
  workload: Workload;
  revisions: Revision[];
  colors: Map<string, RevisionColor>;
  mayRollback: boolean;
  m: Mutations;
  onRequest(r: ConfirmRequest): void;
}

export function RevisionsPanel({ workload, revisions, colors, mayRollback, m, onRequest }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const update = revisions.find((r) => r.isUpdate) ?? revisions[0];
  return (
    <section className="card revisions" aria-labelledby="revisions-title" data-testid="revisions">
      <h2 id="revisions-title">Revisions</h2>
      <table>
        <thead>
          <tr>
            <th />
            <th>#</th>
            <th>NAME</th>
            <th>IMAGES</th>
            <th className="num">PODS</th>
            <th>CREATED</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {revisions.map((r) => (
            <tr key={r.name} data-revision={r.name}>
              <td>
                <span className="swatch" style={{ background: colors.get(r.name)?.color }} />
              </td>
              <td>{r.revision}</td>
              <td className="mono">
                {r.name} <span className="muted">{colors.get(r.name)?.label}</span>
              </td>
              <td>{r.images.join(', ')}</td>
              <td className="num">{r.podCount}</td>
              <td>{clockTime(r.createdAt)}</td>
              <td className="buttons">
                {update && r.name !== update.name && (
                  <button type="button" onClick={() => setOpen(open === r.name ? null : r.name)}>
                    {open === r.name ? 'Hide difference' : 'Difference'}
                  </button>
                )}
                {mayRollback && !r.isUpdate && <RollbackAction workload={workload} revision={r} m={m} onRequest={onRequest} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && update && <RevisionDiff from={revisions.find((r) => r.name === open)!} to={update} />}
    </section>
  );
}

function RevisionDiff({ from, to }: { from: Revision; to: Revision }) {
  const images = imageChanges(from.images, to.images);
  const lines = withContext(lineDiff(templateText(from.manifest), templateText(to.manifest)), 2);
  return (
    <div className="diff" data-testid="revision-diff">
      <h3>
        {from.name} → {to.name}
      </h3>
      {images.length === 0 ? (
        <p>Same images.</p>
      ) : (
        <ul>
          {images.map((c) => (
            <li key={c.index}>
              container {c.index + 1}: <del>{c.from ?? '(none)'}</del> → <ins>{c.to ?? '(none)'}</ins>
            </li>
          ))}
        </ul>
      )}
      <pre>
        {lines.length === 0 && 'Same pod template.'}
        {lines.map((l, k) =>
          l.op === 'gap' ? (
            <span key={k} className="gap">{`… ${l.hidden} unchanged line${l.hidden === 1 ? '' : 's'}\n`}</span>
          ) : (
            <span key={k} className={l.op}>{`${l.op === 'add' ? '+' : l.op === 'del' ? '-' : ' '} ${l.text}\n`}</span>
          ),
        )}
      </pre>
    </div>
  );
}
