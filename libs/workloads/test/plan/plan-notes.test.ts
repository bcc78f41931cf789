// A plan's blockers are deduplicated by code and message, in the order first noted; the first note's
// pods stand.
import { describe, expect, it } from '@jest/globals';
import { PlanNotes } from '../../src/plan/plan-notes.js';

describe('PlanNotes', () => {
  it('keeps one blocker per code and message, first one first', () => {
    const notes = new PlanNotes();
    notes.blocker('HOOK_PENDING', 'pod a waits for its preDelete hook to be acknowledged', ['a']);
    notes.blocker('MAX_UNAVAILABLE', 'deleting 1 more ready pod now would exceed maxUnavailable: b', ['b']);
    notes.blocker('HOOK_PENDING', 'pod a waits for its preDelete hook to be acknowledged', ['a', 'again']);
    notes.blocker('HOOK_PENDING', 'pod c waits for its preDelete hook to be acknowledged', ['c']);
    // The same message under another code is another blocker.
    notes.blocker('WAITING_FOR_DELETIONS', 'pod a waits for its preDelete hook to be acknowledged', ['a']);
    expect(notes.blockers).toEqual([
      { code: 'HOOK_PENDING', message: 'pod a waits for its preDelete hook to be acknowledged', pods: ['a'] },
      { code: 'MAX_UNAVAILABLE', message: 'deleting 1 more ready pod now would exceed maxUnavailable: b', pods: ['b'] },
      { code: 'HOOK_PENDING', message: 'pod c waits for its preDelete hook to be acknowledged', pods: ['c'] },
      { code: 'WAITING_FOR_DELETIONS', message: 'pod a waits for its preDelete hook to be acknowledged', pods: ['a'] },
    ]);
  });

  it('notes thousands of pods held by their hooks once each', () => {
    const notes = new PlanNotes();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5000; i++) notes.blocker('HOOK_PENDING', `pod p${i} waits for its preDelete hook to be acknowledged`, [`p${i}`]);
    }
    expect(notes.blockers).toHaveLength(5000);
    expect(notes.blockers[4999]!.pods).toEqual(['p4999']);
  });
});
