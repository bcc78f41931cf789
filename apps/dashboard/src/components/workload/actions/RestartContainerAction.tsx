'use client';
// Restart a container of the chosen pod in place (a ContainerRecreateRequest, docs/container-restart.md):
// confirmed in words, then the request's progress is read from its status until it completes.
import { useRef, useState } from 'react';
import { confirmRestartContainers, restartFinished, restartProgress, type RestartStatus } from '../../../lib/restart/restart-words';
import { useLiveQuery } from '../../common/useLiveQuery';
import { usePodSelection } from '../PodSelection';
import { ErrorAlert } from '../../common/ErrorAlert';
import { useActionForm, type ActionContext } from './confirm';
import { ContainerSelect } from './ContainerSelect';

/** How often the progress is read while a restart runs. */
const POLL_MS = 1000;

interface Watched {
  pod: string;
  name: string;
}

/**
 * The watched request's progress line, read every POLL_MS (useLiveQuery) until it finished; mounted only
 * while a restart is watched. A failed read keeps the last line shown; the next tick reads again.
 */
function RestartProgress({ ctx, watching }: { ctx: ActionContext; watching: Watched }) {
  const { m } = ctx;
  // Set once the request reached its end: no more reads.
  const finished = useRef(false);
  const { data } = useLiveQuery<RestartStatus | null>(
    () => ({
      action: `read the progress of ${watching.name}`,
      reloadMinMs: POLL_MS,
      pollMs: POLL_MS,
      async load(update) {
        if (finished.current) return;
        const { containerRestarts } = await m.containerRestarts(watching.pod);
        const mine = containerRestarts.find((r) => r.name === watching.name);
        if (!mine) return;
        if (restartFinished(mine)) finished.current = true;
        update(() => mine);
      },
      follow: () => () => {},
    }),
    [watching, m],
  );
  return (
    <p className="muted small" role="status" data-testid="restart-progress">
      {data ? restartProgress(data) : `${watching.name}: created`}
    </p>
  );
}

export function RestartContainerAction({ ctx, containers }: { ctx: ActionContext; containers: { name: string }[] }) {
  const { m } = ctx;
  const { selected } = usePodSelection();
  const chosen = [...selected];
  const pod = chosen.length === 1 ? chosen[0] : null;
  const [container, setContainer] = useState('');
  const [watching, setWatching] = useState<Watched | null>(null);
  const form = useActionForm(ctx);
  const chosenContainer = container || containers[0]?.name || '';

  function submitRestart() {
    if (!pod) {
      form.refuse('Choose exactly one pod to restart a container of.');
      return;
    }
    form.ask({
      title: 'Restart container',
      body: confirmRestartContainers(pod, [chosenContainer], false),
      confirmLabel: 'Restart container',
      action: 'restart the container',
      run: async () => {
        const { restartContainers } = await m.restartContainers(pod, [chosenContainer], false);
        setWatching({ pod, name: restartContainers.name });
      },
    });
  }

  return (
    <>
      <div className="action-row" data-testid="restart-container">
        <span className="label">Restart container</span>
        <span className="mono">{pod ?? (chosen.length === 0 ? '(choose a pod)' : `(${chosen.length} pods chosen: choose one)`)}</span>
        <ContainerSelect containers={containers} chosen={chosenContainer} onChange={setContainer} name="restart-container" />
        <button type="button" onClick={submitRestart} disabled={!chosenContainer}>
          Restart container…
        </button>
      </div>
      {watching && <RestartProgress key={watching.name} ctx={ctx} watching={watching} />}
      <ErrorAlert error={form.error} />
    </>
  );
}
