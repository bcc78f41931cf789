// One place where resolver errors become contract errors. Expected failures (bad input, not found,
// conflicts) are the caller's business and are not logged; anything unexpected is logged with its stack
// and reaches the client only as INTERNAL_SERVER_ERROR.
import { Logger } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';
import { toGraphQLError } from './errors.js';

/** Used by the global ErrorFilter (http/error.filter.ts) for GraphQL operations. */
export class GraphQLErrorFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  catch(exception: unknown) {
    const mapped = toGraphQLError(exception);
    if (mapped.extensions.code === 'INTERNAL_SERVER_ERROR') {
      this.logger.error(exception instanceof Error ? exception : String(exception));
    }
    return mapped;
  }
}
