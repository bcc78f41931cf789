// The workload use cases for every kind of the registry: reads from the cluster cache, changes through
// the kind's pure edits, written conditionally.
import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module.js';
import { WorkloadsService } from './workloads.service.js';

@Module({
  imports: [ClusterModule],
  providers: [WorkloadsService],
  exports: [WorkloadsService],
})
export class WorkloadsModule {}
