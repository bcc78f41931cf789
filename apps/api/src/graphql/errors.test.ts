// One DomainError, three wordings: GraphQL's extensions (exactly the contract's, key order included, as
// clients and the e2e tests read them), the REST problem document and the Kubernetes Status. Library
// errors read as the DomainError they translate to (errors/known-errors.ts).
import { describe, expect, it } from '@jest/globals';
import { ApiError, ApplyError } from '@coxswain/cluster';
import { ManifestError, SelectorParseError } from '@coxswain/kruise-api';
import { DomainError } from '../errors/domain-error.js';
import { toStatusError } from '../kube-api/kube-status.js';
import { toProblem } from '../rest/problem-details.js';
import { toGraphQLError } from './errors.js';

const extensions = (err: unknown) => JSON.stringify(toGraphQLError(err).extensions);

describe('GraphQL errors', () => {
  it('carry the field errors of a BAD_USER_INPUT: those given, or the one field with the message', () => {
    const given = new DomainError('BAD_USER_INPUT', 'pods must name at least one pod', { fieldErrors: [{ field: 'pods', message: 'empty' }] });
    expect(extensions(given)).toBe('{"code":"BAD_USER_INPUT","fieldErrors":[{"field":"pods","message":"empty"}]}');
    expect(extensions(new DomainError('BAD_USER_INPUT', 'reason must be a string', { field: 'reason' })))
      .toBe('{"code":"BAD_USER_INPUT","fieldErrors":[{"field":"reason","message":"reason must be a string"}]}');
    expect(extensions(new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'send one', { field: 'Idempotency-Key' })))
      .toBe('{"code":"BAD_USER_INPUT","reason":"IDEMPOTENCY_KEY_REQUIRED","fieldErrors":[{"field":"Idempotency-Key","message":"send one"}]}');
  });

  it('pass a conflict\'s details along after the code', () => {
    expect(extensions(new DomainError('CONFLICT', 'stale', { details: { generation: 3 } }))).toBe('{"code":"CONFLICT","generation":3}');
    expect(extensions(new DomainError('NOT_FOUND', 'CLONE_SET shop/web not found'))).toBe('{"code":"NOT_FOUND"}');
  });

  it('word the libraries\' errors as before: the port\'s reasons, manifests, selectors, applies', () => {
    expect(extensions(ApiError.conflict('CloneSet', 'web', 'stale'))).toBe('{"code":"CONFLICT","reason":"Conflict"}');
    expect(extensions(ApiError.alreadyExists('CloneSet', 'web'))).toBe('{"code":"CONFLICT","reason":"AlreadyExists"}');
    expect(extensions(ApiError.notFound('Pod', 'a'))).toBe('{"code":"NOT_FOUND"}');
    expect(extensions(ApiError.invalid('CloneSet', 'web', [{ field: 'spec.replicas', message: 'Invalid value: -1' }])))
      .toBe('{"code":"BAD_USER_INPUT","fieldErrors":[{"field":"spec.replicas","message":"Invalid value: -1"}]}');
    expect(extensions(new ManifestError(1, 'no kind', 3, 'kind')))
      .toBe('{"code":"BAD_USER_INPUT","fieldErrors":[{"field":"kind","message":"document 2 (line 3): no kind"}],"documentIndex":1,"line":3}');
    expect(extensions(new SelectorParseError('a=', 'no value'))).toBe('{"code":"BAD_USER_INPUT","fieldErrors":[{"field":"labelSelector","message":"invalid label selector \\"a=\\": no value"}]}');
    const object = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'shop' } };
    expect(extensions(new ApplyError(2, object, ApiError.conflict('CloneSet', 'web', 'stale')))).toBe('{"code":"CONFLICT","reason":"Conflict","documentIndex":2}');
    expect(extensions(new ApplyError(2, object, new ApiError('InternalError', 'disk full')))).toBe('{"code":"INTERNAL_SERVER_ERROR","documentIndex":2}');
    expect(toGraphQLError(new RangeError('Maximum call stack size exceeded')).message).toBe('internal error');
  });
});

describe('one DomainError on every surface', () => {
  it('reads as its code\'s REST status and the Kubernetes reason of that status', () => {
    const limited = new DomainError('RATE_LIMITED', 'too many failed authentications from this address; retry in 3 s', { retryAfterSeconds: 3 });
    expect(toProblem(limited)).toMatchObject({ document: { status: 429, code: 'RATE_LIMITED' }, headers: { 'retry-after': '3' } });
    expect(toStatusError(limited).toStatus()).toMatchObject({ reason: 'TooManyRequests', code: 429, details: { retryAfterSeconds: 3 } });
    const notFound = new DomainError('NOT_FOUND', 'no token named "ci"', { field: 'name' });
    expect(toProblem(notFound).document).toMatchObject({ status: 404, code: 'NOT_FOUND', field: 'name', detail: 'no token named "ci"' });
    expect(toStatusError(notFound).toStatus()).toMatchObject({ reason: 'NotFound', code: 404, message: 'no token named "ci"' });
  });

  it('names the first field at fault in the REST problem', () => {
    const bad = new DomainError('BAD_USER_INPUT', 'not active pods', { fieldErrors: [{ field: 'pods[1]', message: 'x' }, { field: 'pods[2]', message: 'y' }] });
    expect(toProblem(bad).document).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', field: 'pods[1]' });
    expect(toProblem(ApiError.conflict('Pod', 'a', 'stale')).document).toMatchObject({ status: 409, code: 'CONFLICT', title: 'Conflict' });
  });
});
