// Liveness (the process answers) and readiness (database reachable, informers synced).
import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/decorators.js';
import type { Runtime } from '../runtime.js';
import { RUNTIME } from '../tokens.js';

@Controller()
@Public()
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('healthz')
  @HttpCode(200)
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res() res: Response) {
    const ready = await this.runtime.ready();
    // Every replica serves the API, leading or not; the answer says which one reconciles.
    const leader = ready ? await this.runtime.host.leadership().catch(() => null) : null;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', ...(leader ? { leaderElection: leader } : {}) });
  }
}
