// An environment started before each test and stopped after it: the test fails on any failure the
// environment reported (a log at a level it counts, a simulator error).
import { afterEach, beforeEach, expect } from '@jest/globals';

interface Stoppable {
  stop(): Promise<void>;
  errors: unknown[];
}

/** `start` before each test, handing the environment to `use`; after it, stop it and expect no reported errors. */
export function environmentPerTest<E extends Stoppable>(start: () => Promise<E>, use: (env: E) => void): void {
  let current: E | undefined;
  beforeEach(async () => {
    current = await start();
    use(current);
  });
  afterEach(async () => {
    const env = current;
    current = undefined;
    if (!env) return;
    await env.stop();
    expect(env.errors).toEqual([]);
  });
}
