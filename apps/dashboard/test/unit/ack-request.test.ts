import { describe, expect, it } from '@jest/globals';
import { ackRequest, DEFAULT_ACK_REASON } from '../../src/components/hooks/ackRequest';

describe('acknowledgement confirmation', () => {
  it('asks for a reason, sends it (or the default), and keeps one idempotency key across retries', async () => {
    const calls: [string, string][] = [];
    const request = ackRequest('web-1', 'PRE_DELETE', async (key, reason) => {
      calls.push([key, reason]);
    });
    expect(request.input).toMatchObject({ name: 'ack-reason', label: 'Reason (kept with the acknowledgement)' });
    expect(request.body).toContain('Acknowledge the PRE_DELETE hook of web-1: the pod is released and deleted.');
    await request.run('deregistered from the registry');
    await request.run('');
    expect(calls.map(([, reason]) => reason)).toEqual(['deregistered from the registry', DEFAULT_ACK_REASON]);
    expect(calls[0]![0]).toBe(calls[1]![0]);
    const other = ackRequest('web-2', 'PRE_DELETE', async (key) => {
      calls.push([key, '']);
    });
    await other.run('');
    expect(calls[2]![0]).not.toBe(calls[0]![0]);
  });
});
