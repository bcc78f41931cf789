// The "Restart container" action (docs/container-restart.md): its confirmation and progress words, and
// the row as it renders for the chosen pods.
import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { RestartContainerAction } from '../../src/components/workload/actions/RestartContainerAction';
import type { ActionContext } from '../../src/components/workload/actions/confirm';
import { NO_POD_SELECTION, PodSelectionContext } from '../../src/components/workload/PodSelection';
import { confirmRestartContainers, restartFinished, restartProgress, type RestartStatus } from '../../src/lib/restart/restart-words';
import { workload } from '../support/fixtures';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const base: RestartStatus = { name: 'web-0-x1', containers: ['app'], phase: '', succeeded: false, states: [] };

describe('restart words', () => {
  it('says what a restart does to the pod', () => {
    expect(confirmRestartContainers('web-0', ['app'], false)).toBe(
      'Restart container app of pod web-0 in place: the container is stopped and started again by the kubelet (its restart count goes up by one); the pod keeps its name, UID, IP and node, and its other containers keep running. The pod is not ready while the container starts again.',
    );
    expect(confirmRestartContainers('web-0', ['app', 'side'], true)).toMatch(
      /^Restart containers app, side of pod web-0 in place one at a time, each once the previous one is back and ready:/,
    );
    expect(confirmRestartContainers('web-0', ['app', 'side'], false)).toMatch(/one after the other, without waiting/);
  });

  it.each<[string, Partial<RestartStatus>, string, boolean]>([
    ['not yet picked up', {}, "web-0-x1: waiting for kruise-daemon on the pod's node", false],
    ['behind another request', { phase: 'Pending' }, 'web-0-x1: waiting for another restart of this pod to finish', false],
    ['restarting', { phase: 'Recreating', states: [{ name: 'app', phase: 'Recreating' }] }, 'web-0-x1: restarting, 0 of 1 done (app recreating)', false],
    ['done', { phase: 'Completed', succeeded: true, states: [{ name: 'app', phase: 'Succeeded' }] }, 'web-0-x1: restarted app', true],
    [
      'ended early',
      { phase: 'Completed', message: 'pod has gone', states: [{ name: 'app', phase: 'Pending', message: 'not found container on Node' }] },
      'web-0-x1: finished without restarting every container — pod has gone; app pending (not found container on Node)',
      true,
    ],
  ])('progress: %s', (_title, change, line, finished) => {
    const r = { ...base, ...change };
    expect(restartProgress(r)).toBe(line);
    expect(restartFinished(r)).toBe(finished);
  });
});

describe('RestartContainerAction', () => {
  const ctx = { workload: workload({}), m: {} as ActionContext['m'], pods: () => [], onRequest: () => {} } as ActionContext;
  const render = (selected: string[]) =>
    text(
      renderToStaticMarkup(
        <PodSelectionContext value={{ ...NO_POD_SELECTION, selected: new Set(selected) }}>
          <RestartContainerAction ctx={ctx} containers={[{ name: 'app' }, { name: 'side' }]} />
        </PodSelectionContext>,
      ),
    );

  it('names the chosen pod and offers its containers', () => {
    expect(render(['web-0'])).toBe('Restart container web-0 app side Restart container…');
  });

  it('asks for exactly one pod', () => {
    expect(render([])).toContain('(choose a pod)');
    expect(render(['web-0', 'web-1'])).toContain('(2 pods chosen: choose one)');
  });
});
