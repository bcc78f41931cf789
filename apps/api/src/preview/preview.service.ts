// The preview use case for the API: the cluster as the port reads it, the cluster's clock, and the
// embedded cluster's own kubelet timings (exact) or none in Kubernetes mode (learned from pod starts).
// Its failures become the API's DomainErrors naming the argument at fault.
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error.js';
import type { Runtime } from '../runtime.js';
import { RUNTIME } from '../tokens.js';
import { PreviewBusyError, PreviewHost } from './preview-host.js';
import { PreviewInputError } from './preview-errors.js';
import type { PreviewAnswer, PreviewRequest } from './preview-types.js';
import { previewRollout } from './run-preview.js';

@Injectable()
export class PreviewService {
  private readonly host: PreviewHost;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    this.host = new PreviewHost(runtime.config);
  }

  async preview(request: PreviewRequest): Promise<PreviewAnswer> {
    const { config, clock, cluster } = this.runtime;
    try {
      return await previewRollout(cluster, request, {
        config,
        now: clock.now(),
        kubelet: config.cluster.mode === 'embedded' ? config.cluster.kubelet : undefined,
        run: (job) => this.host.run(job),
      });
    } catch (err) {
      if (err instanceof PreviewInputError) throw new DomainError('BAD_USER_INPUT', err.message, { field: err.field, ...(err.fieldErrors.length > 0 ? { fieldErrors: err.fieldErrors } : {}) });
      if (err instanceof PreviewBusyError) throw new DomainError('RATE_LIMITED', err.message, { retryAfterSeconds: 5 });
      throw err;
    }
  }

}
