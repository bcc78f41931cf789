// The authenticated caller, as a handler parameter (REST and GraphQL alike).
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { scopeOf } from '../http/request-scope.js';
import type { Principal } from './principal.js';

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = scopeOf(context).principal;
  // The authentication guard runs first; a handler without a principal is a wiring mistake.
  if (!principal) throw new Error('no authenticated principal for this handler');
  return principal;
});
