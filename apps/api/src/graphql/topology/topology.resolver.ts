// GraphQL for the cluster topology. Thin: the TopologyService answers from the cache's indexes.
import { Query, Resolver } from '@nestjs/graphql';
import { TopologyService } from '../../topology/topology.service.js';
import { ClusterTopologyModel } from './topology.types.js';

@Resolver()
export class TopologyResolver {
  constructor(private readonly topologyService: TopologyService) {}

  @Query(() => ClusterTopologyModel, { description: 'Every zone and node of the cluster with how many pods of each workload run there.' })
  topology() {
    return this.topologyService.topology();
  }
}
