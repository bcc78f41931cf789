// A scaled clock (CLOCK_MODE=scaled) runs ahead of the wall clock. After a restart it resumes from the
// cluster's time at its last commit: objects created after the restart are never older than those
// created before, and readiness ages (minReadySeconds) never go backwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { TestApi } from './support/api-server.js';

const dir = mkdtempSync(join(tmpdir(), 'coxswain-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { PGLITE_DIR: join(dir, 'pglite'), CLOCK_MODE: 'scaled', CLOCK_SCALE: '1000' };

async function createdAt(api: TestApi, name: string): Promise<number> {
  const res = await api.graphql<{ applyManifest: unknown }>(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, {
    y: `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name} }\n`,
  });
  expect(res.errors).toBeUndefined();
  const read = await api.graphql<{ object: { createdAt: string } }>(`{ object(kind: "namespaces", name: "${name}") { createdAt } }`);
  return Date.parse(read.data!.object.createdAt);
}

describe('scaled clock across restarts', () => {
  it('resumes from the time of the last commit instead of the wall clock', async () => {
    const first = await TestApi.start(env);
    await new Promise((r) => setTimeout(r, 1500)); // 1.5 s of wall time is 25 min of cluster time
    const before = await createdAt(first, 'before');
    expect(before - Date.now()).toBeGreaterThan(10 * 60_000);
    await first.close();

    const second = await TestApi.start(env);
    const after = await createdAt(second, 'after');
    await second.close();
    expect(after).toBeGreaterThanOrEqual(before);
  });
});
