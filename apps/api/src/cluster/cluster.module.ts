// The API's side of the cluster: the cache every use case reads (informers with the indexes pages
// need), and the use cases over raw cluster objects (apply, list, get, patch, delete, watch).
import { Module } from '@nestjs/common';
import { ClusterCache } from './cluster-cache.js';
import { ClusterObjectsService } from './cluster-objects.service.js';

@Module({
  providers: [ClusterCache, ClusterObjectsService],
  exports: [ClusterCache, ClusterObjectsService],
})
export class ClusterModule {}
