'use client';
// Every node's images for an SRE (docs/image-pull.md): which images each node holds with the disk they
// take, and what it is pulling (its NodeImage's tags by state: pulling, waiting, failed, pulled), so a
// pre-download or an ImagePullJob can be followed node by node. Filtered by text (kept in the URL);
// polled every 2 s.
import { useMemo } from 'react';
import { bytesWords, filterNodeImages, nodeFilterFromQuery, nodeFilterToQuery, type NodeFilter } from '../../lib/images/node-images';
import { useUrlFilter } from '../common/useUrlFilter';
import { NodeImagesCard } from './NodeImagesCard';
import { useNodeImages } from './useNodeImages';
import { ErrorAlert } from '../common/ErrorAlert';
import { SearchField } from '../common/SearchField';
import { usePageTitle } from '../common/usePageTitle';
import { RoleGate } from '../session/RoleGate';

export function NodesPage() {
  return (
    <RoleGate what="the nodes’ images">
      <Nodes />
    </RoleGate>
  );
}

function Nodes() {
  const { nodes, error } = useNodeImages();
  const [filter, set] = useUrlFilter<NodeFilter>(nodeFilterFromQuery, nodeFilterToQuery);
  const shown = useMemo(() => filterNodeImages(nodes ?? [], filter), [nodes, filter]);

  usePageTitle('Nodes');

  const disk = (nodes ?? []).reduce((sum, n) => sum + n.diskUsedBytes, 0);
  const pulling = (nodes ?? []).reduce((sum, n) => sum + n.pulls.filter((p) => p.phase === 'Pulling').length, 0);
  return (
    <main className="page nodes">
      <h1>Nodes</h1>
      <p className="muted">The images each node holds and what it is pulling (its NodeImage). Refreshed every 2 seconds.</p>
      <div className="filters" role="search">
        <SearchField placeholder="node or image" value={filter.text} onChange={(text) => set({ text })} />
      </div>
      <ErrorAlert error={error} />
      {nodes === null && !error && <p className="muted">Loading the nodes…</p>}
      {nodes !== null && (
        <>
          <p data-testid="nodes-summary">
            <b>{nodes.length}</b> node{nodes.length === 1 ? '' : 's'}, {bytesWords(disk)} of images, <b>{pulling}</b> pull{pulling === 1 ? '' : 's'} under way
            {shown.length < nodes.length ? ` · ${shown.length} shown` : ''}
          </p>
          <div className="node-cards">
            {shown.map((n) => (
              <NodeImagesCard key={n.node} node={n} />
            ))}
          </div>
        </>
      )}
    </main>
  );
}
