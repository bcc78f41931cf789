// Pods the schema lets through with any one field null, empty or odd must not trip the scheduler or the
// kubelet: each is scheduled and run, or left Pending, and neither simulator reports an error.
import { describe, expect, it } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { startUnitedEnv } from '../support/united-env.js';
import { createAdmitted, oddVariants, paths } from './odd-fields.js';

const RICH: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'rich', namespace: 'default', labels: { app: 'web' }, annotations: { a: 'b' }, finalizers: ['example.io/keep'] },
  spec: {
    containers: [{
      name: 'main',
      image: 'nginx:1.25',
      ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }],
      readinessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 1, periodSeconds: 5 },
      resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '1' } },
      env: [{ name: 'A', value: 'b' }],
    }],
    initContainers: [{ name: 'init', image: 'busybox:1.36' }],
    readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
    tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }],
    nodeSelector: { 'topology.kubernetes.io/zone': 'zone-a' },
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }] } } },
    terminationGracePeriodSeconds: 5,
  },
} as unknown as Pod;

describe('the simulators meet pods with one field emptied or odd', () => {
  it('schedule and run them, or leave them Pending, without an error', async () => {
    const env = await startUnitedEnv();
    let accepted = 0;
    let running = 0;
    try {
      // The name and namespace address the pod; kind and apiVersion decide what it is.
      const variants = [...oddVariants(RICH, ['apiVersion', 'kind', 'metadata', 'metadata.name', 'metadata.namespace'])]
        .map(({ id, object }) => ({ ...object, metadata: { ...object.metadata, name: `odd-${id}` } }));
      accepted = await createAdmitted(env.cluster.store, variants);
      await env.run(60_000, 1000);
      running = (await env.pods()).filter((p) => p.status?.phase === 'Running').length;
    } finally {
      await env.stop();
    }
    expect(env.errors.map(String)).toEqual([]);
    expect(accepted).toBeGreaterThan(paths(RICH).length);
    // Most odd values only touch a field the simulators do not need: those pods run.
    expect(running).toBeGreaterThan(accepted / 2);
  }, 120_000);
});
