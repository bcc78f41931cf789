import { describe, expect, it } from '@jest/globals';
import { ApiError, describeError, fromGraphQLErrors, isMissingField } from '../../src/lib/api/errors';
import { TypedDocumentString } from '../../src/lib/api/generated';
import { graphqlHttp } from '../../src/lib/api/graphql-client';

const op = <R = unknown, V = Record<string, unknown>>(text: string) => new TypedDocumentString<R, V>(text);

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('graphqlHttp', () => {
  it('posts the query with the bearer token and returns data', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const client = graphqlHttp('http://api:3000/', () => 'secret', fakeFetch(200, { data: { ok: 1 } }, seen));
    await expect(client.request(op('{ ok }'), { a: 1 })).resolves.toEqual({ ok: 1 });
    expect(seen.url).toBe('http://api:3000/graphql');
    expect((seen.init!.headers as Record<string, string>).authorization).toBe('Bearer secret');
    expect(JSON.parse(seen.init!.body as string)).toEqual({ query: '{ ok }', variables: { a: 1 } });
  });

  it('sends no Authorization header without a token', async () => {
    const seen: { init?: RequestInit } = {};
    await graphqlHttp('http://api', () => null, fakeFetch(200, { data: {} }, seen)).request(op('{ x }'));
    expect((seen.init!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns GraphQL errors into an ApiError with code and field errors', async () => {
    const client = graphqlHttp(
      'http://api',
      () => null,
      fakeFetch(200, {
        errors: [
          {
            message: 'replicas must be a non-negative integer',
            extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'replicas', message: 'must be >= 0' }] },
          },
        ],
        data: null,
      }),
    );
    const err = await client.request(op('mutation { x }')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'replicas', message: 'must be >= 0' }] });
  });

  it('reports an unreachable API as NETWORK and a 401 without body as UNAUTHENTICATED', async () => {
    const down = graphqlHttp('http://api', () => null, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    await expect(down.request(op('{ x }'))).rejects.toMatchObject({ code: 'NETWORK' });
    const refused = graphqlHttp('http://api', () => 'bad', fakeFetch(401, 'nope'));
    await expect(refused.request(op('{ x }'))).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });
});

describe('errors in words', () => {
  it('explains a CONFLICT and what to do', () => {
    const e = new ApiError('default/sample is at generation 4, not the expected 3; read it again and retry', 'CONFLICT');
    expect(describeError(e, 'change the partition')).toBe(
      'Could not change the partition: the workload changed since this page loaded it (default/sample is at generation 4, not the expected 3; read it again and retry). The page now shows the latest version; check it and try again.',
    );
  });

  it('explains a validation refusal with its fields', () => {
    const e = fromGraphQLErrors([
      {
        message: 'replicas must be a non-negative integer',
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'replicas', message: 'must be >= 0' }] },
      },
    ]);
    expect(describeError(e, 'scale')).toBe('Could not scale: the API refused it: replicas must be a non-negative integer (replicas: must be >= 0).');
  });

  it('covers auth, hooks, unknown codes and plain errors', () => {
    expect(describeError(new ApiError('x', 'FORBIDDEN'), 'pause')).toBe("Could not pause: your token's role does not allow this. x");
    expect(describeError(new ApiError('gone', 'HOOK_NOT_PENDING'))).toContain('no longer waiting on that hook');
    expect(describeError(new ApiError('boom', 'INTERNAL_SERVER_ERROR'))).toBe('boom');
    expect(describeError(new Error('plain'), 'load')).toBe('Could not load: plain');
    expect(fromGraphQLErrors([{ message: 'no' }], 403).code).toBe('FORBIDDEN');
  });

  it('recognises a field the API does not have yet', () => {
    const e = fromGraphQLErrors([{ message: 'Cannot query field "me" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }], 400);
    expect(isMissingField(e, 'me')).toBe(true);
    expect(isMissingField(e, 'ackHook')).toBe(false);
    expect(isMissingField(new Error('x'), 'me')).toBe(false);
  });
});
