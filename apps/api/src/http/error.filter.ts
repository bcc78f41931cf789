// The one global exception filter, dispatching by surface: GraphQL errors become contract errors
// (graphql/error.filter.ts), anything under /api/ becomes an RFC 9457 problem document — unknown routes
// and unreadable JSON bodies included — and the remaining routes keep Nest's default answers.
import { Catch, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';
import type { Request } from 'express';
import { GraphQLErrorFilter } from '../graphql/error.filter.js';
import { ProblemDetailsFilter } from '../rest/problem-details.filter.js';

@Catch()
export class ErrorFilter extends BaseExceptionFilter {
  private readonly graphql = new GraphQLErrorFilter();
  private readonly problems = new ProblemDetailsFilter();

  override catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType<GqlContextType>() === 'graphql') return this.graphql.catch(exception);
    if (host.getType() === 'http' && host.switchToHttp().getRequest<Request>().path.startsWith('/api/')) {
      return this.problems.catch(exception, host);
    }
    return super.catch(exception, host);
  }
}
