// The cluster's zones and nodes with the pods of each workload on them, from the cluster cache.
import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module.js';
import { TopologyService } from './topology.service.js';

@Module({
  imports: [ClusterModule],
  providers: [TopologyService],
  exports: [TopologyService],
})
export class TopologyModule {}
