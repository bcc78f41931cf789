// Prometheus exposition: the API thread's process and event-loop metrics, then the cluster worker's
// (controller-runtime's reconciles and work queues, the worker's event-loop delay).
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/decorators.js';
import type { Runtime } from '../runtime.js';
import { RUNTIME } from '../tokens.js';

@Controller()
@Public()
export class MetricsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('metrics')
  async metrics(@Res() res: Response) {
    const [own, cluster] = await Promise.all([this.runtime.metrics.text(), this.runtime.host.metrics().catch(() => '')]);
    res.type(this.runtime.metrics.contentType).send(`${own}\n${cluster}`);
  }
}
