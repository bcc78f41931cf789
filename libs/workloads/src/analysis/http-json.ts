// The HTTP check's planner (pure): from an endpoint's status and JSON answer to a verdict. A non-2xx
// answer is an Error (the endpoint could not say), a missing path too; otherwise the value at the path
// meets the condition or the check fails.
import type { SuccessCondition } from '@coxswain/kruise-api';
import { describe, describeCondition, meetsCondition } from './condition.js';
import { readJsonPath } from './json-path.js';
import type { AnalysisResult } from './result.js';

export function judgeJsonAnswer(httpStatus: number, body: unknown, jsonPath: string | undefined, condition: SuccessCondition): Omit<AnalysisResult, 'check' | 'kind'> {
  const base = { condition: describeCondition(condition) };
  if (httpStatus < 200 || httpStatus > 299) return { ...base, phase: 'Error', reason: `the endpoint answered HTTP ${httpStatus}` };
  const read = readJsonPath(body, jsonPath);
  const where = jsonPath ? `${jsonPath}` : 'the answer';
  if ('missing' in read) return { ...base, phase: 'Error', reason: `the answer has no ${read.missing}` };
  const value = read.value;
  const met = meetsCondition(value, condition);
  const measured = value === null || ['number', 'string', 'boolean'].includes(typeof value) ? (value as number | string | boolean | null) : undefined;
  if ('incomparable' in met) return { ...base, phase: 'Error', measured, reason: `${where}: ${met.incomparable}` };
  return met.met
    ? { ...base, phase: 'Passed', measured, reason: `${where} is ${describe(value)}, which is ${describeCondition(condition)}` }
    : { ...base, phase: 'Failed', measured, reason: `${where} is ${describe(value)}, which is not ${describeCondition(condition)}` };
}
