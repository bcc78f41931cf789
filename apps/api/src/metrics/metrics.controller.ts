// Prometheus exposition of the controller-runtime metrics (reconciles, work queues).
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
    res.type(this.runtime.metrics.contentType).send(await this.runtime.metrics.text());
  }
}
