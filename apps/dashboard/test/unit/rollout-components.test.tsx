// The Rollout panel's parts rendered to HTML (no browser): the timeline, the analysis with a chart per
// check, the history, and the card with or without the actions (by role) and the batch's pods.
import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnalysisChecks } from '../../src/components/rollout/AnalysisChecks';
import { RolloutCard } from '../../src/components/rollout/RolloutPanel';
import type { RolloutMutations } from '../../src/components/rollout/rollout-mutations';
import type { RolloutWithHistory, StepAnalysis } from '../../src/lib/api/types';
import { sessionFromMe } from '../../src/lib/auth/roles';
import { kruiseRollout } from '../support/fixtures';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const ANALYSIS: StepAnalysis = {
  stepIndex: 1,
  canaryRevision: 'web-new',
  phase: 'Failed',
  message: 'error-ratio: series {revision="web-new"} is 0.3, which is not < 0.05',
  startedAt: '2026-01-01T00:00:00Z',
  onFailure: 'Pause',
  checks: [
    {
      name: 'error-ratio',
      kind: 'prometheus',
      phase: 'Failed',
      measured: 0.3,
      condition: '< 0.05',
      reason: 'series {revision="web-new"} is 0.3, which is not < 0.05',
      evaluatedAt: '2026-01-01T00:00:20Z',
      consecutiveErrors: 0,
      history: [
        { at: '2026-01-01T00:00:00Z', phase: 'Passed', measured: 0.01 },
        { at: '2026-01-01T00:00:10Z', phase: 'Passed', measured: 0.02 },
        { at: '2026-01-01T00:00:20Z', phase: 'Failed', measured: 0.3 },
      ],
    },
    {
      name: 'steady',
      kind: 'pods',
      phase: 'Pending',
      measured: null,
      condition: 'ready for 30s',
      reason: 'pod web-a Ready for 10s of 30s',
      evaluatedAt: '2026-01-01T00:00:20Z',
      consecutiveErrors: 0,
      history: [],
    },
  ],
};

const m = {} as RolloutMutations;
const withHistory = (over: Parameters<typeof kruiseRollout>[0] = {}): RolloutWithHistory => ({
  ...kruiseRollout(over),
  history: [
    {
      at: '2026-01-01T00:02:00Z',
      action: 'APPROVE',
      actorName: 'rm',
      actorRole: 'rollout-approver',
      result: 'ok',
      message: 'reason: ok',
      stepIndex: 1,
      fromStepIndex: null,
      reason: 'ok',
    },
  ],
});

/** The card of the CloneSet web's Rollout (withHistory(over)) as `session` sees it; `batch`: the pods of the current batch. */
const card = (over: Parameters<typeof kruiseRollout>[0], session: ReturnType<typeof sessionFromMe>, batch: string[] | null): string =>
  renderToStaticMarkup(<RolloutCard rollout={withHistory(over)} workload="CloneSet web" session={session} m={m} onRequest={() => {}} batch={batch} />);

describe('the Rollout panel', () => {
  it('shows each check with its verdict, value, condition, reason and a chart of its values', () => {
    const html = renderToStaticMarkup(<AnalysisChecks analysis={ANALYSIS} />);
    const words = text(html);
    expect(words).toContain('Analysis of step 1: Failed');
    expect(words).toContain('on failure: pause (wait for a person)');
    expect(words).toMatch(/error-ratio prometheus Failed 0\.3 < 0\.05 series \{revision="web-new"\} is 0\.3, which is not < 0\.05/);
    expect(words).toMatch(/steady pods Pending – ready for 30s pod web-a Ready for 10s of 30s .* no values yet/);
    expect(html).toContain('data-testid="check-chart-error-ratio" data-points="3"');
    expect(html).toMatch(/<polyline points="[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
  });

  it('offers approve, jump and abort to an approver, with the batch pods and the history', () => {
    const session = sessionFromMe({ name: 'rm', role: 'rollout-approver', namespaces: [] });
    const html = card({ status: { analysis: ANALYSIS, currentStepState: 'StepMetricsAnalysis', awaitingApproval: true } }, session, ['web-a']);
    const words = text(html);
    // The analysis failed with onFailure Pause: the step waits for a person, so approving is offered (the API's awaitingApproval).
    expect(html).toMatch(/<button type="button" class="primary" data-testid="rollout-approve">Approve step 1…<\/button>/);
    expect(words).toContain('Rollout demo Progressing');
    expect(words).toContain('Step 1: 20% of the pods, then waits for approval now analysis failed: error-ratio');
    expect(words).toContain('Batch 1: 1 pod on the new revision, 1 ready · updated in this batch: web-a');
    expect(words).toContain('Analysis of step 1: Failed');
    expect(html).toContain('data-testid="rollout-actions"');
    // Not waiting for approval: approving is offered but disabled, with why.
    const upgrading = card({ status: { currentStepState: 'StepUpgrade' } }, session, ['web-a']);
    expect(upgrading).toMatch(
      /<button[^>]*disabled=""[^>]*title="Only a step waiting for approval \(StepPaused, or a failed analysis that pauses\) can be approved"[^>]*data-testid="rollout-approve"/,
    );
    expect(words).toContain('rm (rollout-approver) approved step 1 — “ok”');
  });

  it('shows a viewer no actions and says why; a Rollout with no release has none either', () => {
    const viewer = sessionFromMe({ name: 'v', role: 'viewer', namespaces: [] });
    const html = card({}, viewer, null);
    expect(html).not.toContain('data-testid="rollout-actions"');
    expect(text(html)).toContain('Approving, jumping and aborting need a rollout-approver or admin token; this one is viewer.');
    const admin = sessionFromMe({ name: 'a', role: 'admin', namespaces: [] });
    const healthy = card({ phase: 'Healthy', status: { currentStepIndex: 3, currentStepState: 'Completed' } }, admin, null);
    expect(healthy).not.toContain('data-testid="rollout-actions"');
    expect(text(healthy)).toContain('✓ Step 3: 100% of the pods, then ends the release done');
  });
});
