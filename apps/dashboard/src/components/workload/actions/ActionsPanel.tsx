'use client';
// Operator actions, one component each in this folder: the partition (stepped or set), pause / resume,
// set image, scale, delete chosen pods, restart a container of a chosen pod in place (and rollback, on the revision history's rows). Each opens a
// confirmation that says what will happen (confirm.tsx); the dialog shows the API's refusal in words.
// The same actions for every kind; an Advanced StatefulSet's partition is an Int (its lowest ordinals
// kept), and its chosen pods are deleted with apps.kruise.io/specified-delete (same ordinal back).
// A UnitedDeployment has a partition per subset (its partition action picks the subset) and no pause
// (the API refuses it), so its pause row is left out.
import { isUnitedDeployment, type RolloutPlan, type Subset } from '../../../lib/api/types';
import type { ActionContext } from './confirm';
import { DeletePodsAction } from './DeletePodsAction';
import { ImageAction } from './ImageAction';
import { PartitionAction } from './PartitionAction';
import { PauseAction } from './PauseAction';
import { RestartContainerAction } from './RestartContainerAction';
import { ScaleAction } from './ScaleAction';
import { SubsetPartitionAction } from './SubsetPartitionAction';

interface Props extends ActionContext {
  plan: RolloutPlan | null;
  /** A UnitedDeployment's subsets (empty for other kinds). */
  subsets: Subset[];
  containers: { name: string; image: string }[];
}

export function ActionsPanel({ plan, subsets, containers, ...ctx }: Props) {
  return (
    <section className="card actions" aria-labelledby="actions-title" data-testid="actions">
      <h2 id="actions-title">Actions</h2>
      {isUnitedDeployment(ctx.workload) ? (
        <SubsetPartitionAction subsets={subsets} ctx={ctx} />
      ) : (
        <>
          <PartitionAction ctx={ctx} />
          <PauseAction ctx={ctx} plan={plan} />
        </>
      )}
      <ImageAction ctx={ctx} containers={containers} />
      <ScaleAction ctx={ctx} />
      <DeletePodsAction ctx={ctx} />
      <RestartContainerAction ctx={ctx} containers={containers} />
    </section>
  );
}
