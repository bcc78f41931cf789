// The subsets panel and the topology cards rendered to HTML (no browser): rows in words, chips by zone
// and node with the pod name in the title, step controls only for those who may roll out.
import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { SubsetsPanel } from '../../src/components/subsets/SubsetsPanel';
import { ZoneCard } from '../../src/components/topology/ZoneCard';
import { revisionColors, UPDATE_COLOR } from '../../src/lib/grid/colors';
import { PodStore } from '../../src/lib/live/pod-store';
import { zoneImpact } from '../../src/lib/topology/zone-impact';
import { pod, subset } from '../support/fixtures';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const colors = revisionColors([
  { name: 'ud-new', hash: 'new', revision: 2, isUpdate: true, isCurrent: false },
  { name: 'ud-old', hash: 'old', revision: 1, isUpdate: false, isCurrent: true },
]);

describe('SubsetsPanel', () => {
  const subsets = [
    subset('subset-a', { replicas: 1, partition: 1, readyReplicas: 1, reason: 'replicas 1', specifiedReplicas: 1 }),
    subset('subset-b', { kind: 'Deployment', replicas: 3, readyReplicas: 3, reason: 'replicas 50% of 6 = 3 (rounded half up)', specifiedReplicas: '50%' }),
  ];
  const store = new PodStore();
  store.replaceAll([
    pod('ud-a-1', { subset: 'subset-a', zone: 'zone-a', node: 'sim-a-1', revision: 'ud-old' }),
    pod('ud-b-1', { subset: 'subset-b', zone: 'zone-b', node: 'sim-b-1', revision: 'ud-new' }),
    pod('ud-b-2', { subset: 'subset-b', zone: 'zone-b', node: 'sim-b-2', revision: 'ud-new', ready: false }),
  ]);
  const render = (onStep: ((s: unknown, n: number) => void) | null) =>
    renderToStaticMarkup(<SubsetsPanel subsets={subsets} store={store} colors={colors} onStep={onStep} />);

  it('shows a row per subset with its numbers and reason, and its pods as chips by zone and node', () => {
    const html = render(() => {});
    expect(html).toMatch(
      /<tr class="subset-row" data-subset="subset-a" data-replicas="1" data-ready="1" data-updated="0" data-partition="1" data-schedulable="true">/,
    );
    expect(text(html)).toContain(
      'subset-b Deployment ud-subset-b-x7k2p 3 replicas 50% 3 of 3 ready 0 updated, 0 ready no partition: a Deployment updates every pod schedulable replicas 50% of 6 = 3 (rounded half up)',
    );
    expect(html).toMatch(/<tr class="subset-pods" data-subset="subset-b" data-pods="2">/);
    expect(html).toMatch(
      /data-zone="zone-b">.*data-node="sim-b-1">.*data-pod="ud-b-1".*data-node="sim-b-2">.*data-pod="ud-b-2" data-revision="ud-new" data-mark="not-ready"/s,
    );
    expect(html).toContain('title="ud-b-1\nrevision ud-new (update)\nNORMAL · Running · ready"');
    expect(html).toContain(`fill="${UPDATE_COLOR}"`);
  });

  it('offers a step while a partition holds pods back, never for a Deployment subset, only to those who may roll out', () => {
    expect(render(() => {})).toContain('aria-label="Step subset-a partition to 0"');
    expect(render(() => {}).match(/Step to/g)).toHaveLength(1); // the Deployment subset has none
    expect(render(null)).not.toContain('Step to');
    const released = renderToStaticMarkup(<SubsetsPanel subsets={[subset('subset-a', { partition: 0 })]} store={store} colors={colors} onStep={() => {}} />);
    expect(released).not.toContain('Step to'); // nothing left to release
  });
});

describe('ZoneCard', () => {
  it('says what an outage takes and lists each node with its state and workloads linked', () => {
    const zone = {
      name: 'zone-a',
      pods: 3,
      readyPods: 3,
      nodes: [
        {
          name: 'sim-a-1',
          zone: 'zone-a',
          ready: true,
          unschedulable: true,
          taints: ['dedicated=db:NoSchedule'],
          labels: ['node=zone-a'],
          pods: 3,
          readyPods: 3,
          workloads: [
            {
              workloadKind: 'UNITED_DEPLOYMENT' as const,
              kind: 'UnitedDeployment',
              namespace: 'default',
              name: 'sample-ud',
              subset: 'subset-a',
              pods: 1,
              readyPods: 1,
            },
            { workloadKind: null, kind: 'Deployment', namespace: 'kube-system', name: 'dns', subset: null, pods: 2, readyPods: 2 },
          ],
        },
      ],
    };
    const topology = {
      zones: [zone],
      unscheduled: [
        {
          workloadKind: 'UNITED_DEPLOYMENT' as const,
          kind: 'UnitedDeployment',
          namespace: 'default',
          name: 'sample-ud',
          subset: 'subset-c',
          pods: 2,
          readyPods: 0,
        },
      ],
    };
    const html = renderToStaticMarkup(<ZoneCard zone={zone} impact={zoneImpact(topology)[0]} />);
    expect(text(html)).toContain('An outage of zone-a takes all 2 pods of Deployment kube-system/dns (down) 1 of 3 pods of UnitedDeployment default/sample-ud');
    expect(html).toContain('href="/workloads/uniteddeployment/default/sample-ud"');
    expect(html).not.toContain('href="/workloads/deployment');
    expect(text(html)).toContain('sim-a-1 Ready cordoned 1 taint 3 pods, 3 ready · images dedicated=db:NoSchedule');
    // Each node links to its images on the Nodes page.
    expect(html).toContain('href="/nodes?q=sim-a-1"');
    expect(html).toMatch(/<li data-workload="default\/sample-ud" data-subset="subset-a" data-pods="1" data-ready-pods="1">/);
    expect(text(html)).toContain('1 label node=zone-a');
  });
});
