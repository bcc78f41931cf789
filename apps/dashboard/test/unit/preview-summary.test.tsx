// The rollout preview in the confirm dialogs: loading first, then the verdict, the waves with their pods,
// nodes and zones, and where the rollout stops.
import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { PreviewSummary, PreviewView, type RolloutPreview } from '../../src/components/common/PreviewSummary';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const preview = (over: Partial<RolloutPreview>): RolloutPreview => ({
  outcome: 'COMPLETE' as RolloutPreview['outcome'],
  truncated: null,
  durationMs: 33_600,
  waves: [
    { startMs: 0, endMs: 10_000, pods: [{ pod: 'web-a', action: 'UPDATE_IN_PLACE' as never, node: 'sim-a-1', zone: 'zone-a', readyAtMs: 6_000 }] },
    { startMs: 10_500, endMs: 16_000, pods: [{ pod: 'web-b', action: 'CREATE' as never, node: null, zone: null, readyAtMs: null }] },
  ],
  stops: [],
  hooks: [],
  timings: { source: 'CONFIGURED' as never, samples: 0 },
  final: { replicas: 2, updatedReadyReplicas: 2, images: ['nginx:1.27'], health: 'COMPLETE' },
  ...over,
});

describe('PreviewSummary', () => {
  it('says it is simulating until the answer comes', () => {
    expect(text(renderToStaticMarkup(<PreviewSummary load={() => new Promise(() => {})} />))).toBe('Simulating the change…');
  });

  it('shows the waves in order with their pods, nodes and zones, and the duration', () => {
    const t = text(renderToStaticMarkup(<PreviewView preview={preview({})} />));
    expect(t).toBe('Preview (simulated) 2 waves, completes in about 33.6 s. at 0.0 s: web-a (update in place on sim-a-1, zone-a) at 10.5 s: web-b (create)');
  });

  it('says where a rollout stops and why a preview was cut short', () => {
    const stopped = text(
      renderToStaticMarkup(
        <PreviewView
          preview={preview({ outcome: 'STOPPED' as never, waves: [], stops: [{ code: 'PARTITION', message: 'the partition keeps 4 pods', pods: [] }] })}
        />,
      ),
    );
    expect(stopped).toBe('Preview (simulated) 0 waves, stops after about 33.6 s. Stops at PARTITION: the partition keeps 4 pods');
    const cut = text(
      renderToStaticMarkup(
        <PreviewView preview={preview({ outcome: 'TRUNCATED' as never, truncated: 'the simulation reached its 20000 ms wall-clock budget' })} />,
      ),
    );
    expect(cut).toContain('preview cut short: the simulation reached its 20000 ms wall-clock budget');
  });
});
