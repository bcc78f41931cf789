import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@coxswain/cluster';
import { publicMessage } from '../errors/known-errors.js';
import { DomainError } from '../errors/domain-error.js';
import { ManualClock } from '@coxswain/cluster';
import { AuditService, storableRow } from './audit.service.js';
import type { AuditRepository, NewAuditRow } from './audit.repository.js';

const row = (extra: Partial<NewAuditRow>): NewAuditRow => ({
  at: new Date('2026-01-01T00:00:00Z'), actorName: 'a', actorRole: 'admin', action: 'deleteObject', targetKind: 'Pod', targetNamespace: 'ns',
  targetName: 'x', before: null, after: null, requestId: 'r', idempotencyKey: null, result: 'ok', message: null, ...extra,
});

describe('audit rows', () => {
  it('replace NUL and lone surrogates everywhere, so the database takes the row', () => {
    const stored = storableRow(row({ targetName: 'a\u0000b', message: 'pod a\u0000b not found', after: { "metadata.labels['k\ud800']": 'v\u0000' } }));
    expect(stored).toMatchObject({ targetName: 'a\ufffdb', message: 'pod a\ufffdb not found', after: { "metadata.labels['k\ufffd']": 'v\ufffd' } });
    expect(stored.at).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('record the message the caller saw: never the database\'s own text', () => {
    const prisma = Object.assign(new Error('Invalid `prisma.hookAck.create()` invocation: invalid byte sequence for encoding "UTF8": 0x00'), { code: 'P2010' });
    expect(publicMessage(prisma)).toBe('internal error');
    expect(publicMessage(new DomainError('NOT_FOUND', 'pod a/b not found'))).toBe('pod a/b not found');
    expect(publicMessage(ApiError.notFound('Pod', 'b'))).toBe('Pod "b" not found');
  });

  it('are recorded together with the writes a mutation left alongside them, and only then is the answer given', async () => {
    const appended: NewAuditRow[] = [];
    const repository = { append: async (r: NewAuditRow) => void appended.push(r) } as unknown as AuditRepository;
    const audit = new AuditService(repository, new ManualClock());
    let storeAnswer!: () => void;
    const stored = new Promise<void>((resolve) => (storeAnswer = resolve));
    const draft = { changes: [], target: null, idempotencyKey: 'k1', message: null, alongside: [stored] };
    let recorded = false;
    const recording = audit.record({ action: 'ackHook', requestId: 'r', principal: undefined }, draft, { result: 'ok' }).then(() => (recorded = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(appended).toHaveLength(1);
    expect(recorded).toBe(false); // the row is in, the answer's own write is not yet
    storeAnswer();
    await recording;
    expect(recorded).toBe(true);
  });
});
