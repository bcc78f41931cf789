// Prometheus exposition: the API thread's process and event-loop metrics, then the cluster worker's
// (controller-runtime's reconciles and work queues, the worker's event-loop delay). In embedded mode,
// /metrics/pods serves the simulated pods' request and error counters for a Prometheus to scrape
// (docs/analysis.md §2); public like /metrics, as a scrape carries no token.
import { Controller, Get, Inject, NotFoundException, Res } from '@nestjs/common';
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

  @Get('metrics/pods')
  async podMetrics(@Res() res: Response) {
    const text = await this.runtime.host.podMetrics();
    if (text === null) throw new NotFoundException('pod metrics are simulated by the embedded cluster only; in Kubernetes mode scrape the pods themselves');
    res.type('text/plain; version=0.0.4; charset=utf-8').send(text);
  }
}
