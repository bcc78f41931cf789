'use client';
// Operator actions: step or set the partition, pause / resume, set image, scale, delete chosen pods.
// Each opens a confirmation that says what will happen; the dialog shows the API's refusal in words.
// The same actions for every kind; an Advanced StatefulSet's partition is an Int (its lowest ordinals
// kept), and its chosen pods are deleted with apps.kruise.io/specified-delete (same ordinal back).
// A UnitedDeployment has a partition per subset (the partition row picks the subset) and no pause
// (the API refuses it), so its pause row is left out.
import { useState } from 'react';
import { isStatefulSet, isUnitedDeployment, type Pod, type RolloutPlan, type Subset, type Workload } from '../../lib/api/types';
import { parseIntOrPercent } from '../../lib/rollout/int-or-percent';
import {
  confirmDeletePods, confirmImage, confirmPartition, confirmPause, confirmResume, confirmScale,
} from '../../lib/rollout/confirm-words';
import { strategyOf } from '../../lib/rollout/strategy';
import type { ConfirmRequest } from '../common/ConfirmDialog';
import { SubsetPartitionActions } from '../subsets/SubsetPartitionActions';
import type { Mutations } from './mutations';
import { usePodSelection } from './PodSelection';

interface Props {
  workload: Workload;
  plan: RolloutPlan | null;
  /** A UnitedDeployment's subsets (empty for other kinds). */
  subsets: Subset[];
  containers: { name: string; image: string }[];
  /** The pods as they are when a confirmation opens (to name the ones a partition moves). */
  pods(): Pod[];
  m: Mutations;
  onRequest(r: ConfirmRequest): void;
  onConflict(): void;
}

export function ActionsPanel({ workload: w, plan, subsets, containers, pods, m, onRequest, onConflict }: Props) {
  const { selected: chosen, choose } = usePodSelection();
  const selected = [...chosen];
  const strategy = strategyOf(w.updateStrategy, w.kind);
  const sts = isStatefulSet(w);
  const ud = isUnitedDeployment(w);
  const kept = w.partitionedReplicas;
  const [step, setStep] = useState('1');
  const [partition, setPartition] = useState('');
  const [container, setContainer] = useState('');
  const [image, setImage] = useState('');
  const [replicas, setReplicas] = useState('');
  const [scaleDown, setScaleDown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const chosenContainer = container || containers[0]?.name || '';
  // The generation the operator sees now; sent as expectedGeneration when they confirm.
  const seen = w.generation;
  const onError = (err: unknown) => {
    if ((err as { code?: string })?.code === 'CONFLICT') onConflict();
  };

  function askPartition(value: number | string) {
    onRequest({
      title: 'Change the partition',
      body: confirmPartition(w, value, pods()),
      confirmLabel: `Set partition to ${value}`,
      action: 'change the partition',
      run: () => m.setPartition(value, seen),
      onError,
    });
  }

  function submitPartition() {
    const value = parseIntOrPercent(partition);
    // Only the shape is checked here; the API checks the value and its answer is shown in words.
    if (value === null && partition.trim() !== '') return askPartitionRaw(partition.trim());
    if (value === null) return setFormError(sts ? 'Type a partition: the number of lowest ordinals to keep (2).' : 'Type a partition: a number of pods (3) or a share (40%).');
    setFormError(null);
    askPartition(value);
  }

  // A value the dashboard cannot read is still sent, so the API's own validation message is shown.
  function askPartitionRaw(raw: string) {
    setFormError(null);
    onRequest({
      title: 'Change the partition',
      body: `Set the partition of ${w.name} to "${raw}". This is not a number or a percentage, so the API will most likely refuse it.`,
      confirmLabel: `Set partition to ${raw}`,
      action: 'change the partition',
      run: () => m.setPartition(raw, seen),
      onError,
    });
  }

  function submitStep() {
    const n = Number(step);
    if (!Number.isInteger(n) || n < 1) return setFormError('The step is a whole number of pods, at least 1.');
    setFormError(null);
    askPartition(Math.max(0, kept - n));
  }

  function submitImage() {
    setFormError(null);
    const current = containers.find((c) => c.name === chosenContainer)?.image;
    onRequest({
      title: 'Set image',
      body: confirmImage(w, chosenContainer, image.trim(), current),
      confirmLabel: 'Set image',
      action: 'set the image',
      run: () => m.setImage(chosenContainer, image.trim(), seen),
      onError,
    });
  }

  function submitScale() {
    const n = Number(replicas);
    if (replicas.trim() === '' || !Number.isInteger(n)) return setFormError('Replicas is a whole number.');
    setFormError(null);
    onRequest({
      title: 'Scale',
      body: confirmScale(w, n),
      confirmLabel: `Scale to ${n}`,
      action: 'scale',
      run: () => m.scale(n, seen),
      onError,
    });
  }

  function submitDelete() {
    onRequest({
      title: `Delete ${selected.length} pod${selected.length === 1 ? '' : 's'}`,
      body: confirmDeletePods(w, selected, scaleDown),
      confirmLabel: 'Delete pods',
      action: 'delete the pods',
      danger: true,
      run: () => m.deletePods(selected, scaleDown),
      onError,
      onDone: () => choose([]),
    });
  }

  return (
    <section className="card actions" aria-labelledby="actions-title" data-testid="actions">
      <h2 id="actions-title">Actions</h2>
      {ud ? (
        <SubsetPartitionActions subsets={subsets} ctx={{ workload: w, m, pods, onRequest, onConflict }} />
      ) : (
        <>
          <div className="action-row">
            <span className="label">Partition <b data-testid="partition-value">{String(strategy.partition)}</b> <span className="muted">({kept} of {w.replicas} held{sts && !strategy.unordered ? ': the lowest ordinals' : ''})</span></span>
            <label>step by <input type="number" min={1} value={step} onChange={(e) => setStep(e.target.value)} className="narrow" name="step" /></label>
            <button type="button" onClick={submitStep} disabled={kept === 0}>Step partition</button>
            <label>set to <input value={partition} onChange={(e) => setPartition(e.target.value)} placeholder={sts ? '2' : '3 or 40%'} className="narrow" name="partition" /></label>
            <button type="button" onClick={submitPartition}>Set partition…</button>
          </div>
          <div className="action-row">
            <span className="label" data-testid="pause-state">Rollout {strategy.paused ? <b>paused</b> : w.health.state === 'HELD' ? 'not paused (held by the partition)' : 'not paused'}</span>
            {strategy.paused ? (
              <button type="button" onClick={() => onRequest({ title: 'Resume the rollout', body: confirmResume(w), confirmLabel: 'Resume', action: 'resume the rollout', run: m.resume, onError })}>Resume…</button>
            ) : (
              <button type="button" onClick={() => onRequest({ title: 'Pause the rollout', body: confirmPause(w, plan ?? { actions: [] }), confirmLabel: 'Pause', action: 'pause the rollout', run: m.pause, onError })}>Pause…</button>
            )}
          </div>
        </>
      )}
      <div className="action-row">
        <span className="label">Image</span>
        {containers.length > 1 ? (
          <select value={chosenContainer} onChange={(e) => setContainer(e.target.value)} name="container">
            {containers.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
          </select>
        ) : (
          <span className="mono">{chosenContainer || '(no container known)'}</span>
        )}
        <input value={image} onChange={(e) => setImage(e.target.value)} placeholder={containers.find((c) => c.name === chosenContainer)?.image ?? 'image:tag'} name="image" />
        <button type="button" onClick={submitImage} disabled={!chosenContainer}>Set image…</button>
      </div>
      <div className="action-row">
        <span className="label">Replicas <b>{w.replicas}</b></span>
        <input type="number" value={replicas} onChange={(e) => setReplicas(e.target.value)} placeholder={String(w.replicas)} className="narrow" name="replicas" />
        <button type="button" onClick={submitScale}>Scale…</button>
      </div>
      <div className="action-row">
        <span className="label">Chosen pods <b>{selected.length}</b></span>
        <label><input type="checkbox" checked={scaleDown} onChange={(e) => setScaleDown(e.target.checked)} /> also scale down{sts ? ' (reserve their ordinals)' : ''}</label>
        <button type="button" className="danger" onClick={submitDelete} disabled={selected.length === 0}>Delete chosen pods…</button>
        <span className="muted small">{sts ? 'Choose pods by clicking them in the ordinal strip or ticking rows below; they come back at the same ordinal.' : ud ? "Choose pods by clicking their chips in the subset rows, grid cells or ticking rows below; each subset's workload replaces them." : 'Choose pods by clicking grid cells or ticking rows below.'}</span>
      </div>
      {formError && <p className="error" role="alert">{formError}</p>}
    </section>
  );
}
