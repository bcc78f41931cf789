// The simulated kruise-daemon's image puller (docs/spec/image-pull.md §5): NodeImage tags are pulled through
// the node's image cache with the kubelet's pull latency, attempts, timeouts and deadlines as kruise-daemon
// makes them, and reported in the NodeImage's status; a pre-pulled image makes a pod start skip the pull,
// and the node reports the disk its images take.
import { describe, expect, it } from '@jest/globals';
import type { ImageTagSpec, Node, NodeImage } from '@coxswain/kruise-api';
import { defaultImageSizeBytes } from '../../src/embedded/sim/image-cache.js';
import { NODE_IMAGE } from '../../src/embedded/sim/image-puller.js';
import { at, condition, makePod, NODE, withSimCluster, type SimCluster, type SimClusterOptions } from './sim-fixtures.js';

const NODE_NAME = 'sim-a-1';

function nodeImage(images: Record<string, ImageTagSpec[]>): NodeImage {
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'NodeImage',
    metadata: { name: NODE_NAME },
    spec: { images: Object.fromEntries(Object.entries(images).map(([name, tags]) => [name, { tags }])) },
  };
}

const tag = (t: string, pullPolicy: ImageTagSpec['pullPolicy'] = {}, extra: Partial<ImageTagSpec> = {}): ImageTagSpec =>
  ({ tag: t, version: 0, createdAt: at(0), pullPolicy: { ttlSecondsAfterFinished: 600, ...pullPolicy }, ...extra });

const read = (cluster: SimCluster) => cluster.store.get<NodeImage>(NODE_IMAGE, undefined, NODE_NAME);

const withCluster = (options: SimClusterOptions, body: (cluster: SimCluster) => Promise<void>) => withSimCluster({ nodes: { zones: 1, nodesPerZone: 1 }, ...options }, body);

describe('ImagePuller (simulated kruise-daemon)', () => {
  it('pulls a tag with the pull latency, reporting Pulling then Succeeded, and the node lists it with its size', async () => {
    await withCluster({}, async (cluster) => {
      await cluster.store.create(nodeImage({ nginx: [tag('1.25')] }));
      await cluster.advance();
      expect((await read(cluster)).status).toEqual({
        desired: 1, succeeded: 0, failed: 0, pulling: 1, waiting: 0,
        imageStatuses: { nginx: { tags: [{ tag: '1.25', phase: 'Pulling', progress: 0, startTime: at(0), version: 0 }] } },
      });
      await cluster.advance(2000);
      const done = await read(cluster);
      expect(done.status).toMatchObject({ desired: 1, succeeded: 1, pulling: 0 });
      expect(done.status?.imageStatuses?.nginx?.tags[0]).toMatchObject({ phase: 'Succeeded', progress: 100, completionTime: at(2000), imageID: expect.stringMatching(/^nginx@sha256:[0-9a-f]{64}$/) });
      const node = await cluster.store.get<Node>(NODE, undefined, NODE_NAME);
      expect(node.status?.images).toContainEqual({ names: [expect.stringContaining('nginx:1.25@sha256:'), 'nginx:1.25'], sizeBytes: defaultImageSizeBytes('nginx:1.25') });
    });
  });

  it('a pod started after the pre-pull skips the pull; one with another image does not', async () => {
    await withCluster({}, async (cluster) => {
      await cluster.store.create(nodeImage({ nginx: [tag('1.25')] }));
      await cluster.advance(2000);
      await cluster.store.create(makePod('warm', { image: 'nginx:1.25', spec: { nodeName: NODE_NAME } }));
      await cluster.store.create(makePod('cold', { image: 'nginx:1.26', spec: { nodeName: NODE_NAME } }));
      await cluster.advance(500); // the container start only
      expect(condition(await cluster.pod('warm'), 'Ready')?.status).toBe('True');
      expect(condition(await cluster.pod('cold'), 'Ready')?.status).not.toBe('True');
      await cluster.advance(2000);
      expect(condition(await cluster.pod('cold'), 'Ready')?.status).toBe('True');
    });
  });

  it('an image it cannot pull fails after backoffLimit + 1 attempts with 1 s, 2 s … between them', async () => {
    await withCluster({ kubelet: { failImagePattern: /broken/ } }, async (cluster) => {
      await cluster.store.create(nodeImage({ 'example.com/broken': [tag('v1', { backoffLimit: 2, timeoutSeconds: 600 })] }));
      // attempts end at 2 s, 5 s (after 1 s), 9 s (after 2 s)
      await cluster.advance(8999);
      expect((await read(cluster)).status?.imageStatuses?.['example.com/broken']?.tags[0]?.phase).toBe('Pulling');
      await cluster.advance(1);
      const status = (await read(cluster)).status;
      expect(status).toMatchObject({ desired: 1, failed: 1, succeeded: 0 });
      expect(status?.imageStatuses?.['example.com/broken']?.tags[0]).toMatchObject({
        phase: 'Failed', completionTime: at(9000),
        message: "pulling image example.com/broken:v1 error simulated pull failure (image matches the kubelet simulator's failImagePattern)",
      });
    });
  });

  it('an attempt longer than timeoutSeconds is canceled; the deadline cuts the pull short', async () => {
    await withCluster({ kubelet: { imagePullMs: 5000 } }, async (cluster) => {
      await cluster.store.create(nodeImage({ slow: [tag('v1', { backoffLimit: 0, timeoutSeconds: 2 })], late: [tag('v1', { backoffLimit: 5, timeoutSeconds: 2, activeDeadlineSeconds: 3 })] }));
      await cluster.advance(2000);
      expect((await read(cluster)).status?.imageStatuses?.slow?.tags[0]).toMatchObject({ phase: 'Failed', message: 'pulling image slow:v1 is canceled' });
      // late: attempt 1 canceled at 2 s, backoff 1 s, then no time is left
      await cluster.advance(1000);
      expect((await read(cluster)).status?.imageStatuses?.late?.tags[0]).toMatchObject({ phase: 'Failed', message: 'pulling exceeds the activeDeadlineSeconds' });
    });
  });

  it('IfNotPresent succeeds at once on a node that has the image; Always pulls it again; a new version pulls again', async () => {
    await withCluster({}, async (cluster) => {
      await cluster.store.create(nodeImage({ nginx: [tag('1.25')] }));
      await cluster.advance(2000);
      const first = await read(cluster);
      await cluster.store.update<NodeImage>({ ...first, spec: { images: { nginx: { tags: [tag('1.25', {}, { version: 1 })] }, again: { tags: [] } } } });
      await cluster.advance();
      expect((await read(cluster)).status?.imageStatuses?.nginx?.tags[0]).toMatchObject({ phase: 'Succeeded', version: 1, completionTime: at(2000) });
      const second = await read(cluster);
      await cluster.store.update<NodeImage>({ ...second, spec: { images: { nginx: { tags: [tag('1.25', {}, { version: 2, imagePullPolicy: 'Always' })] } } } });
      await cluster.advance();
      expect((await read(cluster)).status?.imageStatuses?.nginx?.tags[0]).toMatchObject({ phase: 'Pulling', version: 2 });
      await cluster.advance(2000);
      expect((await read(cluster)).status?.imageStatuses?.nginx?.tags[0]).toMatchObject({ phase: 'Succeeded', version: 2, completionTime: at(4000) });
    });
  });

  it('drops the status of a tag removed from the spec', async () => {
    await withCluster({}, async (cluster) => {
      await cluster.store.create(nodeImage({ nginx: [tag('1.25')], redis: [tag('7')] }));
      await cluster.advance(2000);
      const current = await read(cluster);
      await cluster.store.update<NodeImage>({ ...current, spec: { images: { redis: current.spec!.images!.redis! } } });
      await cluster.advance();
      const status = (await read(cluster)).status;
      expect(Object.keys(status?.imageStatuses ?? {})).toEqual(['redis']);
      expect(status).toMatchObject({ desired: 1, succeeded: 1 });
    });
  });

  it('a NodeImage without a node (a fake one) has no daemon: its status is left alone', async () => {
    await withCluster({}, async (cluster) => {
      await cluster.store.create({ ...nodeImage({ nginx: [tag('1.25')] }), metadata: { name: 'no-such-node' } });
      await cluster.advance(5000);
      expect((await cluster.store.get<NodeImage>(NODE_IMAGE, undefined, 'no-such-node')).status).toBeUndefined();
    });
  });
});
