/**
 * Reads until `done` holds or `timeoutMs` passes, and answers the last reading (the caller asserts on it,
 * so a timeout fails with the value seen): API state the page does not show (such as the status a
 * controller writes just after the plan the page shows already changed), or what the page painted.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
