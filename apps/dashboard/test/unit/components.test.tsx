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
import { badgeOf } from '../../src/lib/rollout/status-badge';
import type { Mutations } from '../../src/components/workload/mutations';
import { plan, status, workload } from '../support/fixtures';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('components', () => {
  const atThree = workload({ partition: 3, status: status({ updatedReplicas: 2, updatedReadyReplicas: 2, updatedAvailableReplicas: 1, expectedUpdatedReplicas: 2, currentRevision: 'web-old', updateRevision: 'web-new' }) });

  it('RolloutProgress shows the numbers, the partition and expected marks, and both revisions', () => {
    const html = renderToStaticMarkup(<RolloutProgress p={progressOf(atThree)} currentRevision="web-old" updateRevision="web-new" />);
    expect(html).toContain('data-field="updated">2<');
    expect(html).toContain('data-field="expectedUpdated">2<');
    expect(html).toContain('data-field="partition">3<');
    expect(html).toMatch(/class="mark partition" style="left:40\.00%"/);
    expect(html).toMatch(/class="mark expected" style="left:40\.00%"/);
    expect(text(html)).toContain('current web-old → update web-new');
  });

  it('MiniProgress and StatusBadge', () => {
    expect(renderToStaticMarkup(<MiniProgress p={progressOf(atThree)} />)).toContain('aria-label="1 of 5 updated and available"');
    const badge = renderToStaticMarkup(<StatusBadge badge={badgeOf({ ...atThree, plan: { complete: false, actions: [], blockers: [{ code: 'HOOK_PENDING', message: 'pod web-1 waits', pods: ['web-1'] }] } })} />);
    expect(badge).toBe('<span class="badge badge-blocked" title="pod web-1 waits" data-state="blocked">blocked</span>');
  });

  it('PlanPanel links the blocking pods', () => {
    const html = renderToStaticMarkup(<PlanPanel replicas={5} onShowPods={() => {}} plan={plan({ blockers: [{ code: 'HOOK_PENDING', message: 'pod web-1 waits for its preDelete hook to be acknowledged', pods: ['web-1'] }] })} />);
    expect(html).toContain('href="#pod-web-1"');
    expect(text(html)).toContain('Waiting on a lifecycle hook: pod web-1 waits for its preDelete hook to be acknowledged.');
  });

  it('EventsTimeline marks warnings and repeat counts', () => {
    const html = renderToStaticMarkup(<EventsTimeline events={[
      { type: 'Warning', reason: 'FailedCreate', message: 'quota', count: 3, firstTimestamp: null, lastTimestamp: '2026-01-01T00:00:00Z', object: 'CloneSet/web' },
      { type: 'Normal', reason: 'SuccessfulCreate', message: 'created web-1', count: 1, firstTimestamp: null, lastTimestamp: '2026-01-01T00:00:00Z', object: 'CloneSet/web' },
    ]} />);
    expect(html).toContain('class="warning"');
    expect(html).toContain('×3');
    expect(html).not.toContain('×1');
  });

  it('RevisionsPanel offers rollback only to operators, never to the update revision', () => {
    const revisions = [
      { name: 'web-new', hash: 'new', revision: 2, createdAt: '2026-01-01T00:00:00Z', isCurrent: false, isUpdate: true, podCount: 2, images: ['nginx:2'], manifest: '' },
      { name: 'web-old', hash: 'old', revision: 1, createdAt: '2026-01-01T00:00:00Z', isCurrent: true, isUpdate: false, podCount: 3, images: ['nginx:1'], manifest: '' },
    ];
    const props = { workload: atThree, revisions, colors: revisionColors(revisions), m: {} as Mutations, onRequest: () => {} };
    const operator = renderToStaticMarkup(<RevisionsPanel {...props} mayRollback />);
    expect(operator.match(/Roll back…/g)).toHaveLength(1);
    expect(operator).toContain('Difference');
    expect(renderToStaticMarkup(<RevisionsPanel {...props} mayRollback={false} />)).not.toContain('Roll back');
  });
});
