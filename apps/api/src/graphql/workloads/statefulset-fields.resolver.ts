// Fields only an Advanced StatefulSet has: the ordinals its pods run at, with the reserved gaps, so a
// dashboard draws pods in ordinal order and scripts see what reserveOrdinals leaves out.
import { Inject } from '@nestjs/common';
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { StatefulSet } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET, ordinalRange } from '@coxswain/workloads';
import type { Runtime } from '../../runtime.js';
import { RUNTIME } from '../../tokens.js';
import type { WorkloadView } from '../../workloads/views.js';
import { OrdinalsModel, StatefulSetModel } from './workload.types.js';

@Resolver(() => StatefulSetModel)
export class StatefulSetFieldsResolver {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ResolveField(() => OrdinalsModel)
  ordinals(@Parent() workload: WorkloadView): OrdinalsModel {
    const range = ordinalRange(workload.object as StatefulSet, KRUISE_STATEFULSET, this.runtime.config.controllers.featureGates);
    return { start: range.start, end: range.end, reserved: range.reserved.rangesWithin(range.start, range.end).map(([from, to]) => ({ from, to })) };
  }
}
