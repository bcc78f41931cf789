'use client';
// Delete the chosen pods (PodSelection), optionally scaling down. An Advanced StatefulSet's pods are
// deleted with apps.kruise.io/specified-delete and come back at the same ordinal (or, scaling down,
// their ordinals are reserved); the choice is cleared once the API took it.
import { useState } from 'react';
import { isStatefulSet, isUnitedDeployment } from '../../../lib/api/types';
import { confirmDeletePods } from '../../../lib/rollout/confirm-words';
import { usePodSelection } from '../PodSelection';
import { confirmChange, type ActionContext } from './confirm';

export function DeletePodsAction({ ctx }: { ctx: ActionContext }) {
  const { workload: w, m } = ctx;
  const { selected: chosen, choose } = usePodSelection();
  const [scaleDown, setScaleDown] = useState(false);
  const sts = isStatefulSet(w);
  const selected = [...chosen];

  function submitDelete() {
    confirmChange(ctx, {
      title: `Delete ${selected.length} pod${selected.length === 1 ? '' : 's'}`,
      body: confirmDeletePods(w, selected, scaleDown),
      confirmLabel: 'Delete pods',
      action: 'delete the pods',
      danger: true,
      run: () => m.deletePods(selected, scaleDown),
      onDone: () => choose([]),
    });
  }

  return (
    <div className="action-row">
      <span className="label">
        Chosen pods <b>{selected.length}</b>
      </span>
      <label>
        <input type="checkbox" checked={scaleDown} onChange={(e) => setScaleDown(e.target.checked)} /> also scale down{sts ? ' (reserve their ordinals)' : ''}
      </label>
      <button type="button" className="danger" onClick={submitDelete} disabled={selected.length === 0}>
        Delete chosen pods…
      </button>
      <span className="muted small">
        {sts
          ? 'Choose pods by clicking them in the ordinal strip or ticking rows below; they come back at the same ordinal.'
          : isUnitedDeployment(w)
            ? "Choose pods by clicking their chips in the subset rows, grid cells or ticking rows below; each subset's workload replaces them."
            : 'Choose pods by clicking grid cells or ticking rows below.'}
      </span>
    </div>
  );
}
