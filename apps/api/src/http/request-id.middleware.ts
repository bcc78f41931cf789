// Gives every HTTP request an id (the caller's x-request-id when plain, else a new UUID) and echoes it
// in the x-request-id response header; the audit log and problem documents carry the same id.
import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { httpScope } from './request-scope.js';

@Injectable()
export class RequestIdMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    res.setHeader('x-request-id', httpScope(req).requestId);
    next();
  }
}
