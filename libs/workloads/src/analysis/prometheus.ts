// The Prometheus check's planner (pure): from the answer of /api/v1/query to a verdict. Every series the
// query returns must meet the condition; the first that does not decides the failure. An empty answer,
// or NaN (a ratio over no requests yet), is Pending: there is nothing to judge, which is not a pass.
import type { SuccessCondition } from '@coxswain/kruise-api';
import { describe, describeCondition, meetsCondition } from './condition.js';
import type { AnalysisResult } from './result.js';

type Verdict = Omit<AnalysisResult, 'check' | 'kind' | 'condition'>;

/** Prometheus' sample value: a decimal string, `NaN`, `+Inf` or `-Inf`. */
function sampleValue(raw: unknown): number | undefined {
  if (!Array.isArray(raw) || typeof raw[1] !== 'string') return undefined;
  const text = raw[1];
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? undefined : value;
}

function seriesName(metric: unknown): string {
  if (metric === null || typeof metric !== 'object') return '{}';
  const labels = Object.entries(metric as Record<string, unknown>).map(([k, v]) => `${k}=${JSON.stringify(String(v))}`);
  return `{${labels.join(', ')}}`;
}

/** The verdict on an answer of Prometheus' HTTP API (status, and the body parsed as JSON). */
export function judgePrometheusAnswer(httpStatus: number, body: unknown, condition: SuccessCondition): Omit<AnalysisResult, 'check' | 'kind'> {
  return { condition: describeCondition(condition), ...verdict(httpStatus, body, condition) };
}

function verdict(httpStatus: number, body: unknown, condition: SuccessCondition): Verdict {
  const answer = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (answer['status'] === 'error') {
    return { phase: 'Error', reason: `Prometheus refused the query (${String(answer['errorType'] ?? httpStatus)}): ${String(answer['error'] ?? '').slice(0, 500)}` };
  }
  if (httpStatus < 200 || httpStatus > 299 || answer['status'] !== 'success') return { phase: 'Error', reason: `Prometheus answered HTTP ${httpStatus} without a query result` };
  const data = answer['data'] !== null && typeof answer['data'] === 'object' ? (answer['data'] as Record<string, unknown>) : {};
  const type = data['resultType'];
  let series: { name: string; value: number | undefined }[];
  if (type === 'scalar') series = [{ name: 'the scalar', value: sampleValue(data['result']) }];
  else if (type === 'vector' && Array.isArray(data['result'])) {
    series = data['result'].map((s: unknown) => {
      const entry = s !== null && typeof s === 'object' ? (s as Record<string, unknown>) : {};
      return { name: `series ${seriesName(entry['metric'])}`, value: sampleValue(entry['value']) };
    });
  } else return { phase: 'Error', reason: `the query gave a ${String(type)} result; it must give an instant vector or a scalar` };
  if (series.length === 0) return { phase: 'Pending', measured: null, reason: 'the query returned no series yet (no data to judge)' };
  for (const { name, value } of series) {
    if (value === undefined) return { phase: 'Error', reason: `${name} has no numeric value` };
    if (Number.isNaN(value)) return { phase: 'Pending', measured: 'NaN', reason: `${name} is NaN (nothing to divide yet, e.g. no requests)` };
    const met = meetsCondition(value, condition);
    if ('incomparable' in met) return { phase: 'Error', measured: value, reason: `${name}: ${met.incomparable}` };
    if (!met.met) return { phase: 'Failed', measured: value, reason: `${name} is ${describe(value)}, which is not ${describeCondition(condition)}` };
  }
  const first = series[0]!.value!;
  const of = series.length === 1 ? `${series[0]!.name} is ${describe(first)}` : `all ${series.length} series meet it (the first is ${describe(first)})`;
  return { phase: 'Passed', measured: first, reason: `${of}, which is ${describeCondition(condition)}` };
}
