// The NodeImage controller's writes (docs/spec/image-pull.md §4): create, delete, update (labels and
// spec), status; and the Warning events for tags it failed. A Conflict or a NotFound ends the write
// quietly: the watch brings the newer object and the reconcile runs again.
import { isApiError, type ClusterClient } from '@coxswain/cluster';
import type { EventRecorder } from '@coxswain/controller-runtime';
import type { KubeObject, NodeImage } from '@coxswain/kruise-api';
import { NODE_IMAGE_REF } from '../../refs.js';
import type { FailedTag } from '../plan/planner.js';

export async function writeNodeImage(client: ClusterClient, write: 'create' | 'update' | 'status' | 'delete', nodeImage: NodeImage): Promise<NodeImage | undefined> {
  try {
    if (write === 'create') return await client.create(nodeImage);
    if (write === 'update') return await client.update(nodeImage);
    if (write === 'status') return await client.updateStatus(nodeImage);
    await client.delete(NODE_IMAGE_REF, undefined, nodeImage.metadata.name ?? '', { preconditions: { uid: nodeImage.metadata.uid } });
    return undefined;
  } catch (err) {
    if (isApiError(err, 'Conflict') || isApiError(err, 'NotFound') || (write === 'create' && isApiError(err, 'AlreadyExists'))) return undefined;
    throw err;
  }
}

/** `PullImageFailed` on each owner of the tag and on the NodeImage (Kruise's words). */
export function recordFailedTags(recorder: EventRecorder | undefined, nodeImage: NodeImage, failed: readonly FailedTag[]): void {
  if (!recorder) return;
  for (const tag of failed) {
    const message = `Failed to pull image ${tag.fullName} on node ${nodeImage.metadata.name} for ${tag.message}`;
    for (const owner of tag.owners) {
      const target = { apiVersion: owner.apiVersion, kind: owner.kind, metadata: { namespace: owner.namespace, name: owner.name, uid: owner.uid } } as KubeObject;
      recorder.event(target, 'Warning', 'PullImageFailed', message);
    }
    recorder.event(nodeImage, 'Warning', 'PullImageFailed', message);
  }
}
