'use client';
// A UnitedDeployment's partition action: its partitions are per subset, so the operator picks a subset,
// then steps its partition or sets it. Deployment subsets have no partition and are not offered. Each
// change is confirmed in words (only that subset moves).
import { useState } from 'react';
import type { Subset } from '../../../lib/api/types';
import { canStep, hasPartition, heldBack, parseStep, parseSubsetPartition, steppedPartition } from '../../../lib/subsets/partition-step';
import { ErrorAlert } from '../../common/ErrorAlert';
import { useActionForm, type ActionContext } from './confirm';
import { subsetPartitionRequest } from './subsetPartitionRequest';

export function SubsetPartitionAction({ subsets, ctx }: { subsets: Subset[]; ctx: ActionContext }) {
  const withPartition = subsets.filter(hasPartition);
  const [chosen, setChosen] = useState('');
  const [step, setStep] = useState('1');
  const [value, setValue] = useState('');
  const form = useActionForm(ctx);
  const subset = withPartition.find((s) => s.name === chosen) ?? withPartition[0];

  if (!subset) {
    return (
      <div className="action-row">
        <span className="label">Partitions</span>
        <span className="muted small">{subsets.length === 0 ? 'No subsets yet.' : 'Its subsets are Deployments, which have no partition.'}</span>
      </div>
    );
  }

  function submitStep(s: Subset) {
    const by = parseStep(step);
    if (by === null) return form.refuse('The step is a whole number of pods, at least 1.');
    form.ask(subsetPartitionRequest(ctx, s, steppedPartition(s, by)));
  }

  function submitSet(s: Subset) {
    const next = parseSubsetPartition(value);
    if (next === null) return form.refuse(`Type ${s.name}'s partition: a whole number of pods, 0 or more (a subset's partition has no percentages).`);
    form.ask(subsetPartitionRequest(ctx, s, next));
  }

  return (
    <>
      <div className="action-row" data-testid="subset-partition-actions">
        <label className="label">
          Partition of
          <select value={subset.name} onChange={(e) => setChosen(e.target.value)} name="subset">
            {withPartition.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
          <b data-testid="partition-value">{subset.partition}</b>
          <span className="muted">
            ({heldBack(subset)} of {subset.replicas} held)
          </span>
        </label>
        <label>
          step by <input type="number" min={1} value={step} onChange={(e) => setStep(e.target.value)} className="narrow" name="step" />
        </label>
        <button type="button" onClick={() => submitStep(subset)} disabled={!canStep(subset)}>
          Step partition
        </button>
        <label>
          set to <input value={value} onChange={(e) => setValue(e.target.value)} placeholder={String(subset.replicas)} className="narrow" name="partition" />
        </label>
        <button type="button" onClick={() => submitSet(subset)}>
          Set partition…
        </button>
      </div>
      <ErrorAlert error={form.error} />
    </>
  );
}
