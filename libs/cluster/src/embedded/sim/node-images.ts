// node.status.images: what the simulated runtime has pulled, so the dashboard can show it and a restarted
// simulator knows which images each node already holds.
import type { ContainerImage, Node } from '@coxswain/kruise-api';
import { imageIdOf } from './container-status.js';

/** Names of an image as a runtime lists them: digest reference first, then the tag it was pulled by. */
export function imageNames(image: string): string[] {
  return [imageIdOf(image).replace(/^docker-pullable:\/\//, ''), image];
}

/**
 * The node with `images` added to its status.images with the disk each takes (entries already there, and
 * their order, are kept).
 */
export function withNodeImages(node: Node, images: Iterable<string>, sizeBytes: (image: string) => number): Node {
  const current = node.status?.images ?? [];
  const known = new Set(current.flatMap((entry) => entry.names ?? []));
  const added: ContainerImage[] = [...images]
    .filter((image) => !known.has(image))
    .sort()
    .map((image) => ({ names: imageNames(image), sizeBytes: sizeBytes(image) }));
  if (added.length === 0) return node;
  return { ...node, status: { ...node.status, images: [...current, ...added] } };
}

/** Every name the node reports for its images (the tag names are what the cache is keyed by). */
export function reportedImages(node: Node): string[] {
  return (node.status?.images ?? []).flatMap((entry) => entry.names ?? []);
}
