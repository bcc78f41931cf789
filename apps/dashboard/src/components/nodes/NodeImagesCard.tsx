// One node's images: what it holds (name and disk) and what its NodeImage asks it to pull, grouped by
// tag state with what is under way first (docs/image-pull.md).
import type { NodeImages } from '../../lib/api/types';
import { bytesWords, heldImages, nodeImagesSummary, pullsByPhase, pullWords } from '../../lib/images/node-images';

const PHASE_TAG: Record<string, string> = { Pulling: 'warn', Waiting: '', Failed: 'bad', Succeeded: 'ok' };

export function NodeImagesCard({ node }: { node: NodeImages }) {
  const held = heldImages(node.images);
  const groups = pullsByPhase(node.pulls);
  return (
    <article className="node-card node-images" id={`node-${node.node}`} data-node={node.node} data-images={node.images.length} data-pulls={node.pulls.length}>
      <header>
        <span className="mono">{node.node}</span>
      </header>
      <p className="small" data-testid="node-images-summary">
        {nodeImagesSummary(node)}
      </p>
      {groups.length > 0 && (
        <ul className="node-pulls small">
          {groups.flatMap((g) =>
            g.pulls.map((p) => (
              <li key={`${g.phase}/${p.image}`} data-image={p.image} data-phase={g.phase} title={p.message ?? undefined}>
                <span className={`tag ${PHASE_TAG[g.phase] ?? ''}`}>{g.phase}</span> {pullWords(p)}
              </li>
            )),
          )}
        </ul>
      )}
      {held.length === 0 ? (
        <p className="muted small">No images yet.</p>
      ) : (
        <table className="held-images small">
          <thead>
            <tr>
              <th>IMAGE</th>
              <th>SIZE</th>
            </tr>
          </thead>
          <tbody>
            {held.map((i) => (
              <tr key={i.names.join(' ')} data-image={i.name} data-size-bytes={i.sizeBytes ?? undefined}>
                <td className="mono" title={i.names.join('\n')}>
                  {i.name}
                </td>
                <td className="num">{bytesWords(i.sizeBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
