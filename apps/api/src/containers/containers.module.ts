// In-place container restarts (ContainerRecreateRequests) as the GraphQL API offers them.
import { Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module.js';
import { ContainerRestartsService } from './container-restarts.service.js';

@Module({
  imports: [ClusterModule],
  providers: [ContainerRestartsService],
  exports: [ContainerRestartsService],
})
export class ContainersModule {}
