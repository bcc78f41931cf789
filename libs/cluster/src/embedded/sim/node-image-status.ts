// The NodeImage status kruise-daemon writes (docs/spec/image-pull.md §5.1, §5.3), from the node's pull
// workers and the status stored before. Pure.
import type { ImageStatus, ImageTagSpec, ImageTagStatus, NodeImage, NodeImageStatus } from '@coxswain/kruise-api';

/** A pull worker's view of its tag: the version it works on and what it reports. */
export interface TagWorkerState {
  name: string;
  tag: string;
  version: number;
  status: ImageTagStatus;
}

function storedTagStatus(nodeImage: NodeImage, name: string, tag: string): ImageTagStatus | undefined {
  return nodeImage.status?.imageStatuses?.[name]?.tags?.find((t) => t?.tag === tag);
}

/** A tag is active (wants a worker) unless its stored status at the spec's version has finished. */
export function tagIsActive(nodeImage: NodeImage, name: string, tag: ImageTagSpec): boolean {
  const status = storedTagStatus(nodeImage, name, tag.tag);
  return !(status && (status.version ?? 0) === (tag.version ?? 0) && status.completionTime);
}

/**
 * The whole status: per image of the spec, the tags in spec order — a worker's report, else the stored
 * finished status — images with none left out; the counts by phase; `desired` the number of spec tags.
 */
export function nodeImageStatus(nodeImage: NodeImage, workers: ReadonlyMap<string, TagWorkerState>): NodeImageStatus {
  const imageStatuses: Record<string, ImageStatus> = {};
  const counts = { desired: 0, succeeded: 0, failed: 0, pulling: 0, waiting: 0 };
  for (const [name, image] of Object.entries(nodeImage.spec?.images ?? {})) {
    const tags: ImageTagStatus[] = [];
    for (const tag of image.tags ?? []) {
      counts.desired++;
      const status = workers.get(`${name}\u0000${tag.tag}`)?.status
        ?? (tagIsActive(nodeImage, name, tag) ? undefined : storedTagStatus(nodeImage, name, tag.tag));
      if (!status) continue;
      tags.push(status);
      if (status.phase === 'Succeeded') counts.succeeded++;
      else if (status.phase === 'Failed') counts.failed++;
      else if (status.phase === 'Pulling') counts.pulling++;
      else counts.waiting++;
    }
    if (tags.length > 0) imageStatuses[name] = { tags };
  }
  return { ...counts, ...(Object.keys(imageStatuses).length > 0 ? { imageStatuses } : {}) };
}
