// Writes any error of a REST route as an RFC 9457 problem document (see problem-details.ts). Used by the
// global ErrorFilter (http/error.filter.ts) for everything under /api/.
import { Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { httpScope } from '../http/request-scope.js';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem-details.js';

export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('REST');

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const problem = toProblem(exception);
    const requestId = httpScope(req).requestId;
    if (problem.internal) this.logger.error({ msg: 'request failed', requestId, error: exception instanceof Error ? exception.stack : String(exception) });
    res.status(problem.document.status);
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    res.type(PROBLEM_CONTENT_TYPE).send(JSON.stringify({ ...problem.document, instance: req.originalUrl.split('?')[0], requestId }));
  }
}
