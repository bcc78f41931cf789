// Evaluates one analysis check (docs/analysis.md §4): the thin part that asks Prometheus or the
// endpoint, handing the answer to the pure planners. The pods check needs no network: the caller
// passes the batch's pods. A check's definition is defaulted and validated before it reaches here.
import type { Clock } from '@coxswain/cluster';
import { bindAnalysisCheck, DEFAULT_CHECK_TIMEOUT_SECONDS, DEFAULT_READY_FOR_SECONDS, type AnalysisCheck, type AnalysisVariables, type Pod } from '@coxswain/kruise-api';
import { describeCondition } from './condition.js';
import { fetchJson } from './fetch-json.js';
import { judgeJsonAnswer } from './http-json.js';
import { judgePods } from './pods.js';
import { judgePrometheusAnswer } from './prometheus.js';
import type { AnalysisResult } from './result.js';

export interface AnalysisContext {
  clock: Clock;
  /** The pods a pods check judges (the batch's). */
  pods?: readonly Pod[];
  /** Values for the `{{name}}` placeholders of a query or URL (docs/analysis.md §5). */
  variables?: AnalysisVariables;
}

/** Prometheus' instant-query endpoint under its base address (which may carry a path prefix). */
export function prometheusQueryUrl(address: string): string {
  return new URL('api/v1/query', address.endsWith('/') ? address : `${address}/`).toString();
}

export async function evaluateCheck(unbound: AnalysisCheck, context: AnalysisContext): Promise<AnalysisResult> {
  const check = context.variables ? bindAnalysisCheck(unbound, context.variables) : unbound;
  const timeoutMs = (check.timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1000;
  if (check.prometheus) {
    const { address, query, successCondition } = check.prometheus;
    const answer = await fetchJson({ url: prometheusQueryUrl(address), method: 'POST', form: { query }, timeoutMs }, context.clock);
    if ('error' in answer) return { check: check.name, kind: 'prometheus', condition: describeCondition(successCondition), phase: 'Error', reason: `Prometheus: ${answer.error}` };
    return { check: check.name, kind: 'prometheus', ...judgePrometheusAnswer(answer.status, answer.body, successCondition) };
  }
  if (check.http) {
    const { url, jsonPath, successCondition } = check.http;
    const answer = await fetchJson({ url, timeoutMs }, context.clock);
    if ('error' in answer) return { check: check.name, kind: 'http', condition: describeCondition(successCondition), phase: 'Error', reason: answer.error };
    return { check: check.name, kind: 'http', ...judgeJsonAnswer(answer.status, answer.body, jsonPath, successCondition) };
  }
  const readyForSeconds = check.pods?.readyForSeconds ?? DEFAULT_READY_FOR_SECONDS;
  return { check: check.name, kind: 'pods', ...judgePods(context.pods ?? [], readyForSeconds, context.clock.now()) };
}
