'use client';
// The partition of a CloneSet or an Advanced StatefulSet: step it down by a number of pods, or set it
// (a number or a share of pods for a CloneSet; for an Advanced StatefulSet an Int, its lowest ordinals
// kept). A value the dashboard cannot read is still sent, so the API's own validation is shown.
import { useState } from 'react';
import { isStatefulSet } from '../../../lib/api/types';
import { confirmPartition } from '../../../lib/rollout/confirm-words';
import { parseIntOrPercent } from '../../../lib/rollout/int-or-percent';
import { strategyOf } from '../../../lib/rollout/strategy';
import { ErrorAlert } from '../../common/ErrorAlert';
import { useActionForm, type ActionContext } from './confirm';

export function PartitionAction({ ctx }: { ctx: ActionContext }) {
  const { workload: w, m } = ctx;
  const strategy = strategyOf(w.updateStrategy, w.kind);
  const sts = isStatefulSet(w);
  const kept = w.partitionedReplicas;
  const [step, setStep] = useState('1');
  const [partition, setPartition] = useState('');
  const form = useActionForm(ctx);
  // The generation the operator sees now; sent as expectedGeneration when they confirm.
  const seen = w.generation;

  function askPartition(value: number | string) {
    form.ask({
      title: 'Change the partition',
      body: confirmPartition(w, value, ctx.pods()),
      confirmLabel: `Set partition to ${value}`,
      action: 'change the partition',
      run: () => m.setPartition(value, seen),
      preview: () => m.preview({ partition: value }),
    });
  }

  // A value the dashboard cannot read is still sent, so the API's own validation message is shown.
  function askPartitionRaw(raw: string) {
    form.ask({
      title: 'Change the partition',
      body: `Set the partition of ${w.name} to "${raw}". This is not a number or a percentage, so the API will most likely refuse it.`,
      confirmLabel: `Set partition to ${raw}`,
      action: 'change the partition',
      run: () => m.setPartition(raw, seen),
      preview: () => m.preview({ partition: raw }),
    });
  }

  function submitPartition() {
    const value = parseIntOrPercent(partition);
    // Only the shape is checked here; the API checks the value and its answer is shown in words.
    if (value === null && partition.trim() !== '') return askPartitionRaw(partition.trim());
    if (value === null)
      return form.refuse(sts ? 'Type a partition: the number of lowest ordinals to keep (2).' : 'Type a partition: a number of pods (3) or a share (40%).');
    askPartition(value);
  }

  function submitStep() {
    const n = Number(step);
    if (!Number.isInteger(n) || n < 1) return form.refuse('The step is a whole number of pods, at least 1.');
    askPartition(Math.max(0, kept - n));
  }

  return (
    <>
      <div className="action-row">
        <span className="label">
          Partition <b data-testid="partition-value">{String(strategy.partition)}</b>{' '}
          <span className="muted">
            ({kept} of {w.replicas} held{sts && !strategy.unordered ? ': the lowest ordinals' : ''})
          </span>
        </span>
        <label>
          step by <input type="number" min={1} value={step} onChange={(e) => setStep(e.target.value)} className="narrow" name="step" />
        </label>
        <button type="button" onClick={submitStep} disabled={kept === 0}>
          Step partition
        </button>
        <label>
          set to{' '}
          <input value={partition} onChange={(e) => setPartition(e.target.value)} placeholder={sts ? '2' : '3 or 40%'} className="narrow" name="partition" />
        </label>
        <button type="button" onClick={submitPartition}>
          Set partition…
        </button>
      </div>
      <ErrorAlert error={form.error} />
    </>
  );
}
