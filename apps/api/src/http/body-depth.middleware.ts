// REST request bodies may nest at most MAX_OBJECT_DEPTH levels, as every stored object. Checked right
// after the JSON body parser and before any handler, so nothing recursive meets a deeper one (GraphQL's
// variables are checked by their JSON scalar, graphql/scalars/json.scalar.ts).
import { Injectable, type NestMiddleware } from '@nestjs/common';
import { nestsDeeperThanLimit, TOO_DEEP } from '@coxswain/kruise-api';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error.js';

@Injectable()
export class BodyDepthMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    if (nestsDeeperThanLimit(req.body)) throw new DomainError('BAD_USER_INPUT', `the body ${TOO_DEEP}`, { field: 'body' });
    next();
  }
}
