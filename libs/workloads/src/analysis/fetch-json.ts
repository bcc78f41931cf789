// The analysis checks' one network adapter: a request answered with JSON, bounded in time (through the
// Clock, like every wait in Coxswain) and in size, never following redirects (a check reads the URL it
// names). Failures come back as words, never as exceptions.
import type { Clock } from '@coxswain/cluster';

/** The largest answer read; a bigger one is an error rather than memory spent. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export type JsonAnswer = { status: number; body: unknown } | { error: string };

export interface JsonRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** A form body (POST). */
  form?: Record<string, string>;
  timeoutMs: number;
}

export async function fetchJson(request: JsonRequest, clock: Clock): Promise<JsonAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = clock.setTimer(request.timeoutMs, () => {
    timedOut = true;
    controller.abort();
  });
  const seconds = request.timeoutMs / 1000;
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: request.form ? new URLSearchParams(request.form).toString() : undefined,
      redirect: 'manual',
      signal: controller.signal,
    });
    const text = await readBounded(response);
    if (text === undefined) return { error: `the answer is larger than ${MAX_ANSWER_BYTES} bytes` };
    if (response.status >= 300 && response.status < 400) return { error: `the answer is a redirect (HTTP ${response.status}); name the final URL` };
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      // A non-JSON error page still says something through its status.
      return response.ok ? { error: `the answer (HTTP ${response.status}) is not JSON` } : { status: response.status, body: undefined };
    }
  } catch (err) {
    if (timedOut) return { error: `no answer within ${seconds}s` };
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    return { error: `could not reach ${safeUrl(request.url)}: ${cause}` };
  } finally {
    timer.cancel();
  }
}

async function readBounded(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The URL without its query, for messages (a query may be long). */
function safeUrl(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}
