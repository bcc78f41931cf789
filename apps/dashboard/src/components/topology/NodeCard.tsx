// One node: its state (Ready, cordoned, taints), its pods counted by workload (and subset), and its
// labels folded away (they are many; node=zone-a and the zone label are among them), and a link to its
// images on the nodes page.
import Link from 'next/link';
import type { TopologyNode } from '../../lib/api/types';
import { nodeStateWords } from '../../lib/topology/zone-impact';
import { WorkloadPodsName } from './WorkloadPodsName';

export function NodeCard({ node }: { node: TopologyNode }) {
  const [ready, ...rest] = nodeStateWords(node);
  return (
    <article
      className={`node-card${node.ready ? '' : ' not-ready'}${node.unschedulable ? ' cordoned' : ''}`}
      data-node={node.name}
      data-ready={String(node.ready)}
      data-unschedulable={String(node.unschedulable)}
      data-pods={node.pods}
      data-ready-pods={node.readyPods}
    >
      <header>
        <span className="mono">{node.name}</span>
        <span className={`tag ${node.ready ? 'ok' : 'bad'}`}>{ready}</span>
        {rest.map((w) => (
          <span key={w} className="tag warn">
            {w}
          </span>
        ))}
      </header>
      <p className="small">
        <b>{node.pods}</b> pod{node.pods === 1 ? '' : 's'}, {node.readyPods} ready ·{' '}
        <Link href={`/nodes?${new URLSearchParams({ q: node.name }).toString()}`}>images</Link>
      </p>
      {node.taints.length > 0 && (
        <ul className="taints small">
          {node.taints.map((t) => (
            <li key={t} className="mono">
              {t}
            </li>
          ))}
        </ul>
      )}
      {node.workloads.length > 0 && (
        <ul className="node-workloads small">
          {node.workloads.map((w) => (
            <li
              key={`${w.kind}/${w.namespace}/${w.name}/${w.subset ?? ''}`}
              data-workload={`${w.namespace}/${w.name}`}
              data-subset={w.subset ?? undefined}
              data-pods={w.pods}
              data-ready-pods={w.readyPods}
            >
              <span className="who">
                <WorkloadPodsName w={w} />
                {w.subset && (
                  <>
                    {' '}
                    <span className="tag">{w.subset}</span>
                  </>
                )}
              </span>
              <span className="count">
                <b>{w.pods}</b> ({w.readyPods} ready)
              </span>
            </li>
          ))}
        </ul>
      )}
      <details className="labels small">
        <summary>
          {node.labels.length} label{node.labels.length === 1 ? '' : 's'}
        </summary>
        <ul>
          {node.labels.map((l) => (
            <li key={l} className="mono">
              {l}
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}
