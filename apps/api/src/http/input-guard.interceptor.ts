// Rules every operation's arguments share, checked before access is decided and before any use case runs
// (GraphQL arguments, REST path and query parameters): text must be storable — no NUL, no lone
// surrogate, which the database refuses (failing the audit row or idempotency record that carries it) —
// and a namespace, when one is given, must name one: "" is not "all namespaces" and not "default".
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { unstorableTextProblem, type FieldMessage } from '@coxswain/kruise-api';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';

/** Arguments nest only as deep as GraphQL input objects and lists do; deeper is not ours to walk. */
const MAX_ARGUMENT_DEPTH = 16;

@Injectable()
export class InputGuardInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const problem = (context.getType<GqlContextType>() === 'graphql' ? undefined : queryProblem(context.switchToHttp().getRequest<Request>().query)) ?? problemOf(argumentsOf(context));
    if (problem) throw new DomainError('BAD_USER_INPUT', problem.message, { field: problem.field });
    return next.handle();
  }
}

function argumentsOf(context: ExecutionContext): Record<string, unknown> {
  if (context.getType<GqlContextType>() === 'graphql') return GqlExecutionContext.create(context).getArgs<Record<string, unknown>>() ?? {};
  const req = context.switchToHttp().getRequest<Request>();
  return { ...(req.query as Record<string, unknown>), ...req.params };
}

/**
 * Every REST query parameter is one plain value. `?hook[]=preDelete` or `?namespace[a]=x` (the list and
 * object syntax of some query parsers) arrive under a bracketed name that no route reads, and a repeated
 * `?hook=a&hook=b` as a list: each is refused naming the parameter, rather than ignored (which listed
 * everything) or read as something else.
 */
function queryProblem(query: Record<string, unknown>): FieldMessage | undefined {
  for (const [key, value] of Object.entries(query ?? {})) {
    const bracket = key.indexOf('[');
    if (bracket > 0 || key.endsWith(']')) {
      const name = bracket > 0 ? key.slice(0, bracket) : key;
      return { field: name, message: `query parameter "${key}": ${name} takes one plain value, not a list or an object (no [] in the name)` };
    }
    if (typeof value !== 'string') return { field: key, message: `query parameter ${key} must be given once, as one plain value` };
  }
  return undefined;
}

/** The first argument breaking a shared rule, or undefined. */
export function problemOf(args: Record<string, unknown>): FieldMessage | undefined {
  if (args.namespace === '') {
    return { field: 'namespace', message: 'namespace must not be empty: name a namespace, or leave the argument out to mean all of them' };
  }
  return textProblem(args, '', 0);
}

function textProblem(value: unknown, field: string, depth: number): FieldMessage | undefined {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem ? { field: field || 'argument', message: `${field || 'argument'} ${problem}` } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_ARGUMENT_DEPTH) return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v]) : Object.entries(value);
  for (const [key, item] of entries) {
    const name = key.startsWith('[') ? `${field}${key}` : field ? `${field}.${key}` : key;
    const keyProblem = unstorableTextProblem(key);
    if (keyProblem) return { field: field || 'argument', message: `argument names ${keyProblem}` };
    const problem = textProblem(item, name, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
