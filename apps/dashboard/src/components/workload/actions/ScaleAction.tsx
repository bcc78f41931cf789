'use client';
// Scale to a number of replicas (the API checks the number; its refusal is shown in words).
import { useState } from 'react';
import { confirmScale } from '../../../lib/rollout/confirm-words';
import { ErrorAlert } from '../../common/ErrorAlert';
import { useActionForm, type ActionContext } from './confirm';

export function ScaleAction({ ctx }: { ctx: ActionContext }) {
  const { workload: w, m } = ctx;
  const [replicas, setReplicas] = useState('');
  const form = useActionForm(ctx);
  // The generation the operator sees now; sent as expectedGeneration when they confirm.
  const seen = w.generation;

  function submitScale() {
    const n = Number(replicas);
    if (replicas.trim() === '' || !Number.isInteger(n)) return form.refuse('Replicas is a whole number.');
    form.ask({
      title: 'Scale',
      body: confirmScale(w, n),
      confirmLabel: `Scale to ${n}`,
      action: 'scale',
      run: () => m.scaleWorkload(n, seen),
      preview: () => m.preview({ replicas: n }),
    });
  }

  return (
    <>
      <div className="action-row">
        <span className="label">
          Replicas <b>{w.replicas}</b>
        </span>
        <input
          type="number"
          value={replicas}
          onChange={(e) => setReplicas(e.target.value)}
          placeholder={String(w.replicas)}
          className="narrow"
          name="replicas"
        />
        <button type="button" onClick={submitScale}>
          Scale…
        </button>
      </div>
      <ErrorAlert error={form.error} />
    </>
  );
}
