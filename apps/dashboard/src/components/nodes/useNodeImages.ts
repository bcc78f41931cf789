'use client';
// Every node's images and pulls (useLiveQuery), polled every 2 s: no subscription serves NodeImages,
// and the answer is one small list per node.
import { NodeImagesDocument } from '../../lib/api/generated';
import type { NodeImages } from '../../lib/api/types';
import { useLiveQuery } from '../common/useLiveQuery';

const POLL_MS = 2000;

export function useNodeImages(): { nodes: NodeImages[] | null; error: string | null } {
  const { data, error } = useLiveQuery<NodeImages[]>(
    ({ http }) => ({
      action: 'read the nodes’ images',
      reloadMinMs: POLL_MS,
      pollMs: POLL_MS,
      async load(update) {
        const answer = await http.request(NodeImagesDocument, {});
        update(() => answer.nodeImages);
      },
      follow: () => () => {},
    }),
    [],
  );
  return { nodes: data, error };
}
