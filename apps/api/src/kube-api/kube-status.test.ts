import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../errors/domain-error.js';
import { toStatusError } from './kube-status.js';

describe('toStatusError', () => {
  it('answers an unexpected failure as InternalError without its own text, which stays in the server log', () => {
    const status = toStatusError(new RangeError('Maximum call stack size exceeded')).toStatus();
    expect(status).toMatchObject({ reason: 'InternalError', code: 500 });
    expect(status.message).not.toContain('call stack');
  });

  it('answers a rate-limited authentication as TooManyRequests with retryAfterSeconds', () => {
    const status = toStatusError(new DomainError('RATE_LIMITED', 'too many failed authentications from this address; retry in 3 s', { retryAfterSeconds: 3 })).toStatus();
    expect(status).toMatchObject({ reason: 'TooManyRequests', code: 429, details: { retryAfterSeconds: 3 } });
  });
});
