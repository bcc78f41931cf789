// Components rendered to HTML (no browser): they show what the pure modules computed, in words.
import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { MiniProgress } from '../../src/components/common/MiniProgress';
import { StatusBadge } from '../../src/components/common/StatusBadge';
import { EventsTimeline } from '../../src/components/workload/EventsTimeline';
import { PlanPanel } from '../../src/components/workload/PlanPanel';
import { RevisionsPanel } from '../../src/components/workload/RevisionsPanel';
import { RolloutProgress } from '../../src/components/workload/RolloutProgress';
import { revisionColors } from '../../src/lib/grid/colors';
import { progressOf } from '../../src/lib/rollout/progress';
import type { Mutations } from '../../src/components/workload/mutations';
import { HealthLine } from '../../src/components/workload/HealthLine';
import { OrdinalStrip } from '../../src/components/workload/OrdinalStrip';
import { NO_POD_SELECTION, PodSelectionContext } from '../../src/components/workload/PodSelection';
import { PodTable } from '../../src/components/workload/PodTable';
import { PodTooltip } from '../../src/components/workload/PodTooltip';
import { RevisionPods } from '../../src/components/workload/RevisionPods';
import { PodStore } from '../../src/lib/live/pod-store';
import { serverClock } from '../../src/lib/clock/server-clock';
import { blockersByPod } from '../../src/lib/rollout/plan-words';
import { plan, pod, revision, statefulSet, status, workload } from '../support/fixtures';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('components', () => {
  const atThree = workload({
    partition: 3,
    status: status({
      updatedReplicas: 2,
      updatedReadyReplicas: 2,
      updatedAvailableReplicas: 1,
      expectedUpdatedReplicas: 2,
      currentRevision: 'web-old',
      updateRevision: 'web-new',
    }),
  });

  it('RolloutProgress shows the numbers, the partition and expected marks, and both revisions', () => {
    const html = renderToStaticMarkup(<RolloutProgress p={progressOf(atThree)} currentRevision="web-old" updateRevision="web-new" />);
    expect(html).toContain('data-field="updated">2<');
    expect(html).toContain('data-field="expectedUpdated">2<');
    expect(html).toContain('data-field="partition">3<');
    expect(html).toMatch(/class="mark partition" style="left:40\.00%"/);
    expect(html).toMatch(/class="mark expected" style="left:40\.00%"/);
    expect(text(html)).toContain('current web-old → update web-new');
  });

  it('RolloutProgress shows one revision, without a "current" swatch, when current equals update', () => {
    const html = renderToStaticMarkup(<RolloutProgress p={progressOf(workload())} currentRevision="web-old" updateRevision="web-old" />);
    expect(text(html)).toContain('revision web-old (current = update)');
    expect(html).not.toContain('data-field="currentRevision"');
    expect(html.match(/class="swatch"/g)).toHaveLength(1);
  });

  it('MiniProgress and StatusBadge (the health state in one word)', () => {
    expect(renderToStaticMarkup(<MiniProgress p={progressOf(atThree)} />)).toContain('aria-label="1 of 5 updated and available"');
    expect(renderToStaticMarkup(<StatusBadge state="WAITING_ON_HOOK" />)).toBe(
      '<span class="badge badge-waiting-on-hook" title="pods wait for a lifecycle hook to be acknowledged" data-state="WAITING_ON_HOOK">waiting on hook</span>',
    );
    expect(renderToStaticMarkup(<StatusBadge state="HELD" />)).toContain('>held</span>');
  });

  it('HealthLine puts the reason on the page, not only in a tooltip, and links the pods concerned', () => {
    const degraded = workload({
      health: {
        state: 'DEGRADED',
        reason: 'pods web-a, web-b: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.',
        pods: ['web-a', 'web-b'],
        until: null,
      },
    });
    const html = renderToStaticMarkup(<HealthLine workload={degraded} />);
    expect(text(html)).toContain('CloneSet default/web degraded');
    expect(text(html)).toContain('pods web-a, web-b: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.');
    expect(html).toContain('href="#pod-web-a"');
    expect(html).toContain('href="#pod-web-b"');
    expect(text(html)).toContain('highlight all 2');
  });

  it('PodTooltip and PodTable say what holds a pod back, from the plan blockers', () => {
    const blockers = blockersByPod([
      { code: 'UNSCHEDULABLE', message: 'pod web-a: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.', pods: ['web-a'], until: null },
      { code: 'MAX_UNAVAILABLE', message: '1 of 1 allowed unavailable pods are unavailable: web-a', pods: ['web-a', 'web-c'], until: null },
    ]);
    const tip = renderToStaticMarkup(
      <PodTooltip pod={pod('web-a', { node: null, ready: false, podIP: null })} x={0} y={0} color={undefined} blockers={blockers.get('web-a')} />,
    );
    expect(text(tip)).toContain('held by UNSCHEDULABLE pod web-a: cannot be scheduled: 0/9 nodes are available: 9 Too many pods.');
    expect(text(tip)).toContain('MAX_UNAVAILABLE 1 of 1 allowed');
    const store = new PodStore();
    store.replaceAll([pod('web-a', { podIP: '10.1.2.3', createdAt: new Date(Date.now() - 180_000).toISOString() }), pod('web-b')]);
    // Nothing chosen or highlighted; the plan's blockers, as the workload page provides them.
    const table = renderToStaticMarkup(
      <PodSelectionContext value={{ ...NO_POD_SELECTION, blockers }}>
        <PodTable store={store} colors={new Map()} />
      </PodSelectionContext>,
    );
    expect(text(table)).toContain('NAME REVISION STATE READY NODE ZONE IP RESTARTS AGE HOOK HELD BY');
    expect(table).toMatch(/data-field="ip">10\.1\.2\.3</);
    expect(table).toMatch(/data-field="age">3m</);
    expect(text(table)).toContain('UNSCHEDULABLE, MAX_UNAVAILABLE');
  });

  it('OrdinalStrip draws pods in ordinal order, the reserved ordinal as a gap, and the partition line after the kept ordinals', () => {
    const set = statefulSet({ replicas: 4, partition: 2, ordinals: { start: 0, end: 5, reserved: [{ from: 1, to: 1 }] } });
    const store = new PodStore();
    store.replaceAll([0, 2, 3, 4].map((o) => pod(`web-${o}`, { ordinal: o, revision: o >= 3 ? 'web-new' : 'web-old' })));
    const html = renderToStaticMarkup(<OrdinalStrip workload={set} store={store} colors={new Map()} />);
    const order = [...html.matchAll(/data-ordinal="(\d+)"|data-reserved="([\d-]+)"|data-testid="partition-line"/g)].map(
      (m) => m[1] ?? (m[2] ? `gap ${m[2]}` : 'line'),
    );
    expect(order).toEqual(['0', 'gap 1-1', '2', 'line', '3', '4']);
    expect(text(html)).toContain(
      'partition 2: the 2 lowest ordinals keep the current revision; the pods right of the line are updated, highest ordinal first.',
    );
  });

  it('RevisionPods lists the update revision first, each with its pods counted', () => {
    const revisions = [revision('web-old', 1, { isCurrent: true, podCount: 2 }), revision('web-new', 2, { isUpdate: true, podCount: 1 })];
    const store = new PodStore();
    store.replaceAll([pod('web-a'), pod('web-b', { ready: false, available: false }), pod('web-c', { revision: 'new' })]);
    const html = renderToStaticMarkup(<RevisionPods store={store} revisions={revisions} colors={revisionColors(revisions)} showPods />);
    expect([...html.matchAll(/data-revision="([^"]+)" data-pods="(\d+)" data-ready="(\d+)"/g)].map((m) => m.slice(1))).toEqual([
      ['web-new', '1', '1'],
      ['web-old', '2', '1'],
    ]);
    expect(text(html)).toContain('nginx:2 · 1 pod, 1 ready, 1 available');
    expect(html.match(/data-testid="revision-cells"/g)).toHaveLength(2);
  });

  it('HealthLine and PlanPanel count down to the same moment in the same words (issue 28 item 6)', () => {
    // A moment 20.9 s ahead on the server's clock: both say "in 21 s", whatever moment each was fetched at.
    const until = new Date(serverClock.now() + 20_900).toISOString();
    const message = 'pod web-1 turns available once Ready for minReadySeconds (30 s)';
    const waiting = workload({ health: { state: 'PROGRESSING', reason: message, pods: ['web-1'], until } });
    const banner = text(renderToStaticMarkup(<HealthLine workload={waiting} />));
    const panel = text(
      renderToStaticMarkup(<PlanPanel replicas={5} plan={plan({ blockers: [{ code: 'MIN_READY_SECONDS', message, pods: ['web-1'], until }] })} />),
    );
    expect(banner).toContain(`${message} · in 21 s`);
    expect(panel).toContain(`Waiting for minReadySeconds: ${message}. Lifts in 21 s`);
  });

  it('PlanPanel links the blocking pods', () => {
    const html = renderToStaticMarkup(
      <PlanPanel
        replicas={5}
        plan={plan({
          blockers: [{ code: 'HOOK_PENDING', message: 'pod web-1 waits for its preDelete hook to be acknowledged', pods: ['web-1'], until: null }],
        })}
      />,
    );
    expect(html).toContain('href="#pod-web-1"');
    expect(text(html)).toContain('Waiting on a lifecycle hook: pod web-1 waits for its preDelete hook to be acknowledged.');
  });

  it('EventsTimeline marks warnings and repeat counts', () => {
    const html = renderToStaticMarkup(
      <EventsTimeline
        events={[
          {
            type: 'Warning',
            reason: 'FailedCreate',
            message: 'quota',
            count: 3,
            firstTimestamp: null,
            lastTimestamp: '2026-01-01T00:00:00Z',
            object: 'CloneSet/web',
          },
          {
            type: 'Normal',
            reason: 'SuccessfulCreate',
            message: 'created web-1',
            count: 1,
            firstTimestamp: null,
            lastTimestamp: '2026-01-01T00:00:00Z',
            object: 'CloneSet/web',
          },
        ]}
      />,
    );
    expect(html).toContain('class="warning"');
    expect(html).toContain('×3');
    expect(html).not.toContain('×1');
  });

  it('RevisionsPanel offers rollback only to operators, never to the update revision', () => {
    const revisions = [revision('web-new', 2, { isUpdate: true, podCount: 2 }), revision('web-old', 1, { isCurrent: true, podCount: 3 })];
    const props = { workload: atThree, revisions, colors: revisionColors(revisions), m: {} as Mutations, onRequest: () => {} };
    const operator = renderToStaticMarkup(<RevisionsPanel {...props} mayRollback />);
    expect(operator.match(/Roll back…/g)).toHaveLength(1);
    expect(operator).toContain('Difference');
    expect(renderToStaticMarkup(<RevisionsPanel {...props} mayRollback={false} />)).not.toContain('Roll back');
  });
});
