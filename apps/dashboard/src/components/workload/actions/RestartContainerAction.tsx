'use client';
// Restart a container of the chosen pod in place (a ContainerRecreateRequest, docs/container-restart.md):
// confirmed in words, then the request's progress is read from its status until it completes.
import { useEffect, useState } from 'react';
import { confirmRestartContainers, restartFinished, restartProgress, type RestartStatus } from '../../../lib/restart/restart-words';
import { usePodSelection } from '../PodSelection';
import { FormError, useActionForm, type ActionContext } from './confirm';
import { ContainerSelect } from './ContainerSelect';

/** How often the progress is read while a restart runs. */
const POLL_MS = 1000;

export function RestartContainerAction({ ctx, containers }: { ctx: ActionContext; containers: { name: string }[] }) {
  const { m } = ctx;
  const { selected } = usePodSelection();
  const chosen = [...selected];
  const pod = chosen.length === 1 ? chosen[0] : null;
  const [container, setContainer] = useState('');
  const [watching, setWatching] = useState<{ pod: string; name: string } | null>(null);
  const [progress, setProgress] = useState<RestartStatus | null>(null);
  const form = useActionForm(ctx);
  const chosenContainer = container || containers[0]?.name || '';

  useEffect(() => {
    if (!watching) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const { containerRestarts } = await m.containerRestarts(watching.pod);
        const mine = containerRestarts.find((r) => r.name === watching.name);
        if (stopped) return;
        if (mine) setProgress(mine);
        if (mine && restartFinished(mine)) return;
      } catch {
        // A failed read is tried again at the next tick; the last line read stays shown.
      }
      if (!stopped) timer = setTimeout(read, POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [watching, m]);

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
        setProgress(null);
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
      {watching && (
        <p className="muted small" role="status" data-testid="restart-progress">
          {progress ? restartProgress(progress) : `${watching.name}: created`}
        </p>
      )}
      <FormError error={form.error} />
    </>
  );
}
