import { describe, expect, it } from '@jest/globals';
import type { LifecycleHook } from '@coxswain/kruise-api';
import { isAllHooked, isHooked } from '../../src/lifecycle/hooks.js';

const pod = (labels: Record<string, string> = {}, finalizers: string[] = []) => ({ metadata: { name: 'p', labels, finalizers } });
const hook: LifecycleHook = { labelsHandler: { 'example.io/block': 'true', 'example.io/svc': 'on' }, finalizersHandler: ['example.io/unreg', 'example.io/drain'] };

describe('hooked and all-hooked (docs/spec/inplace-and-lifecycle.md §3.1)', () => {
  it.each([
    ['nil hook', undefined, pod({ 'example.io/block': 'true' }), false, false],
    ['hook without handlers', {}, pod(), false, true],
    ['no handler present', hook, pod(), false, false],
    ['one label with its value', hook, pod({ 'example.io/block': 'true' }), true, false],
    ['label present with another value', hook, pod({ 'example.io/block': 'false' }), false, false],
    ['one finalizer present', hook, pod({}, ['example.io/drain']), true, false],
    ['all labels, one finalizer missing', hook, pod({ 'example.io/block': 'true', 'example.io/svc': 'on' }, ['example.io/unreg']), true, false],
    ['every handler present', hook, pod({ 'example.io/block': 'true', 'example.io/svc': 'on' }, ['example.io/drain', 'example.io/unreg']), true, true],
    ['labels-only hook, all set', { labelsHandler: { a: 'x' } }, pod({ a: 'x' }), true, true],
    ['finalizers-only hook, unrelated finalizer', { finalizersHandler: ['f'] }, pod({}, ['g']), false, false],
    ['empty configured value matches an empty label', { labelsHandler: { a: '' } }, pod({ a: '' }), true, true],
    ['empty configured value does not match an absent label', { labelsHandler: { a: '' } }, pod(), false, false],
  ] as const)('%s', (_name, h, p, hooked, allHooked) => {
    expect(isHooked(h as LifecycleHook | undefined, p)).toBe(hooked);
    expect(isAllHooked(h as LifecycleHook | undefined, p)).toBe(allHooked);
  });
});
