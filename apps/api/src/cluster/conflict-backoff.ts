// The wait before a write computed from a read is tried again after a Conflict with another writer (a
// controller writing status while kubectl applies or a person approves): a few jittered milliseconds,
// growing, so busy writers interleave instead of colliding again at once.
export function conflictBackoff(attempt: number): Promise<void> {
  const ms = Math.min(100, 2 ** attempt) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
