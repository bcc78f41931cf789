// RolloutCanaryStatus.analysis: status.canaryStatus.analysis as stored (docs/analysis.md §5), read-only.
// The canary status view carries it (rollouts/rollout-views.ts); this maps its times to DateTime.
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { StepAnalysisStatus } from '@coxswain/kruise-api';
import { RolloutCanaryStatusModel } from './rollout.types.js';
import { RolloutStepAnalysisModel } from './rollout-analysis.types.js';

type CanaryStatusWithAnalysis = RolloutCanaryStatusModel & { analysis?: StepAnalysisStatus | null };

@Resolver(() => RolloutCanaryStatusModel)
export class RolloutAnalysisFieldResolver {
  @ResolveField(() => RolloutStepAnalysisModel, { nullable: true, description: "The current step's analysis (Coxswain's extension, docs/analysis.md §5); null when the step names no checks." })
  analysis(@Parent() status: CanaryStatusWithAnalysis): RolloutStepAnalysisModel | null {
    return status.analysis ? analysisModel(status.analysis) : null;
  }
}

export function analysisModel(a: StepAnalysisStatus): RolloutStepAnalysisModel {
  return {
    stepIndex: a.stepIndex,
    canaryRevision: a.canaryRevision,
    phase: a.phase,
    message: a.message,
    startedAt: new Date(a.startedAt),
    onFailure: a.onFailure,
    checks: a.checks.map((c) => ({
      name: c.name,
      kind: c.kind,
      phase: c.phase,
      measured: c.measured ?? null,
      condition: c.condition,
      reason: c.reason,
      evaluatedAt: new Date(c.evaluatedAt),
      consecutiveErrors: c.consecutiveErrors,
      history: c.history.map((h) => ({ at: new Date(h.at), phase: h.phase, measured: h.measured ?? null })),
    })),
  };
}
