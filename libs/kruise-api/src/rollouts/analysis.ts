// Analysis checks a Rollout step may name (docs/analysis.md §3): Coxswain's extension where Kruise's
// StepMetricsAnalysis state does nothing. Each check is one of three kinds: a Prometheus query, an HTTP
// endpoint's JSON, or the built-in check on a batch's pods. Conditions are structured comparisons (an
// operator and a value), never code. This file holds the types, the defaults and the validation; the
// evaluation is libs/workloads/src/analysis/.
import { duplicateField, FieldPath, invalidField, notSupportedField, requiredField, tooLongField, type FieldError } from '../field-errors.js';
import { isObject, isSet } from '../value-shape.js';

/** How a measured value is compared with the condition's value. */
export type ComparisonOperator = 'LessThan' | 'LessThanOrEqual' | 'GreaterThan' | 'GreaterThanOrEqual' | 'Equal' | 'NotEqual';
const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ['LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual', 'Equal', 'NotEqual'];
/** The operators that need numbers on both sides. */
const ORDERING_OPERATORS: readonly ComparisonOperator[] = ['LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual'];

/** The check passes when `measured <operator> value`. Ordering operators take a number only. */
export interface SuccessCondition {
  operator: ComparisonOperator;
  value: number | string | boolean;
}

export interface PrometheusCheck {
  /** Prometheus' base URL, http or https, e.g. `http://prometheus:9090`. */
  address: string;
  /** A PromQL instant query; every series it returns must meet the condition. */
  query: string;
  successCondition: SuccessCondition;
}

export interface HttpCheck {
  /** An http or https URL answered with JSON (GET). */
  url: string;
  /** Where the measured value is in the JSON answer: `status.errorRatio`, `items[0].ok`; empty for the whole answer. */
  jsonPath?: string;
  successCondition: SuccessCondition;
}

export interface PodsCheck {
  /** Every pod of the batch Ready, with no container restarts, for this many seconds. Default 30. */
  readyForSeconds?: number;
}

export interface AnalysisCheck {
  /** Unique among a step's checks; a DNS label. */
  name: string;
  /** Exactly one of prometheus, http, pods. */
  prometheus?: PrometheusCheck;
  http?: HttpCheck;
  pods?: PodsCheck;
  /** Bound on one request to Prometheus or the endpoint, seconds (1 to 60). Default 10. */
  timeoutSeconds?: number;
}

export const DEFAULT_CHECK_TIMEOUT_SECONDS = 10;
/** A step's analysis: seconds between evaluations while a check is Pending or Error (docs/analysis.md §5). */
export const DEFAULT_ANALYSIS_INTERVAL_SECONDS = 10;
const MAX_ANALYSIS_INTERVAL_SECONDS = 3600;
/** Error verdicts in a row after which a check counts as Failed (docs/analysis.md §5). */
export const ANALYSIS_ERROR_LIMIT = 3;
/** Evaluations kept per check in the status, for the chart of its values. */
export const ANALYSIS_HISTORY_LENGTH = 30;
const MAX_CHECKS_PER_STEP = 10;
const FAILURE_POLICIES = ['Abort', 'Pause'];
const MAX_CHECK_TIMEOUT_SECONDS = 60;
export const DEFAULT_READY_FOR_SECONDS = 30;
const MAX_READY_FOR_SECONDS = 86_400;
const MAX_QUERY_LENGTH = 4096;
const MAX_URL_LENGTH = 2048;
const MAX_JSON_PATH_LENGTH = 256;
const MAX_CONDITION_STRING_LENGTH = 1024;
const CHECK_KINDS = ['prometheus', 'http', 'pods'] as const;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Dotted names and [n] indexes: `a.b[0].c`. */
const JSON_PATH = /^(?:[A-Za-z_][A-Za-z0-9_-]*|\[\d{1,6}\])(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\d{1,6}\])*$/;
/**
 * What a check's query or URL may name as `{{name}}`, bound when the check runs (docs/analysis.md §5):
 * the Rollout's namespace, its workload's name, and the workload's status.updateRevision and
 * status.currentRevision — the values the pods' `revision` metric label carries for the new and the
 * stable pods.
 */
export const ANALYSIS_VARIABLES = ['namespace', 'workload', 'updateRevision', 'currentRevision'] as const;
export type AnalysisVariables = Record<(typeof ANALYSIS_VARIABLES)[number], string>;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The check with its query or URL's placeholders replaced (URL values percent-encoded); a new object. */
export function bindAnalysisCheck(check: AnalysisCheck, variables: AnalysisVariables): AnalysisCheck {
  const bind = (text: string, encode: (value: string) => string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (name in variables ? encode(variables[name as keyof AnalysisVariables]) : whole));
  if (check.prometheus) return { ...check, prometheus: { ...check.prometheus, query: bind(check.prometheus.query, (v) => v) } };
  if (check.http) return { ...check, http: { ...check.http, url: bind(check.http.url, encodeURIComponent) } };
  return check;
}

function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(ANALYSIS_VARIABLES as readonly string[]).includes(name));
}

function placeholderError(path: FieldPath, text: string): FieldError[] {
  const unknown = unknownPlaceholders(text);
  if (unknown.length === 0) return [];
  return [invalidField(path, text, `unknown placeholder {{${unknown[0]}}}; known: ${ANALYSIS_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`)];
}

/** Control characters (NUL included) have no place in a query, URL or condition. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The check with its defaults filled in (a new object; the input is not changed). */
export function defaultAnalysisCheck(check: AnalysisCheck): AnalysisCheck {
  const out: AnalysisCheck = { ...check };
  if ((out.prometheus || out.http) && out.timeoutSeconds === undefined) out.timeoutSeconds = DEFAULT_CHECK_TIMEOUT_SECONDS;
  if (out.pods) out.pods = { readyForSeconds: out.pods.readyForSeconds ?? DEFAULT_READY_FOR_SECONDS };
  return out;
}

/** A step's analysis with its defaults filled in (Abort, the interval, each check's); garbage is left for validation. */
export function defaultStepAnalysis<T>(analysis: T): T {
  if (!isObject(analysis)) return analysis;
  const out: Record<string, unknown> = { ...analysis };
  if (out['onFailure'] === undefined) out['onFailure'] = 'Abort';
  if (out['intervalSeconds'] === undefined) out['intervalSeconds'] = DEFAULT_ANALYSIS_INTERVAL_SECONDS;
  if (Array.isArray(out['checks'])) out['checks'] = out['checks'].map((check: unknown) => (isObject(check) ? defaultAnalysisCheck(check as unknown as AnalysisCheck) : check));
  return out as T;
}

/** Field errors of a step's analysis at `path` (e.g. `spec.strategy.canary.steps[0].analysis`). */
export function validateStepAnalysis(analysis: unknown, path: FieldPath): FieldError[] {
  if (!isSet(analysis)) return [];
  if (!isObject(analysis)) return [invalidField(path, analysis, 'must be an object')];
  const errors = unknownFields(analysis, ['checks', 'onFailure', 'intervalSeconds'], path);
  const checks = analysis['checks'];
  if (!Array.isArray(checks) || checks.length === 0) errors.push(requiredField(path.child('checks')));
  else if (checks.length > MAX_CHECKS_PER_STEP) errors.push(invalidField(path.child('checks'), checks.length, `must have at most ${MAX_CHECKS_PER_STEP} checks`));
  else errors.push(...validateAnalysisChecks(checks, path.child('checks')));
  const onFailure = analysis['onFailure'];
  if (isSet(onFailure) && !FAILURE_POLICIES.includes(onFailure as string)) errors.push(notSupportedField(path.child('onFailure'), onFailure, FAILURE_POLICIES));
  const interval = analysis['intervalSeconds'];
  if (isSet(interval) && !isWholeNumberIn(interval, 1, MAX_ANALYSIS_INTERVAL_SECONDS)) {
    errors.push(invalidField(path.child('intervalSeconds'), interval, `must be a whole number from 1 to ${MAX_ANALYSIS_INTERVAL_SECONDS}`));
  }
  return errors;
}

/** Field errors of a step's checks, at `path` (e.g. `spec.strategy.canary.steps[0].analysis.checks`). */
export function validateAnalysisChecks(checks: unknown, path: FieldPath): FieldError[] {
  if (!isSet(checks)) return [];
  if (!Array.isArray(checks)) return [invalidField(path, checks, 'must be a list')];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  checks.forEach((check, i) => {
    errors.push(...validateAnalysisCheck(check, path.index(i)));
    const name = isObject(check) ? check['name'] : undefined;
    if (typeof name === 'string') {
      if (seen.has(name)) errors.push(duplicateField(path.index(i).child('name'), name));
      seen.add(name);
    }
  });
  return errors;
}

export function validateAnalysisCheck(check: unknown, path: FieldPath): FieldError[] {
  if (!isObject(check)) return [invalidField(path, check, 'must be an object')];
  const errors: FieldError[] = [];
  const name = check['name'];
  if (!isSet(name) || name === '') errors.push(requiredField(path.child('name')));
  else if (typeof name !== 'string' || name.length > 63 || !DNS_LABEL.test(name)) {
    errors.push(invalidField(path.child('name'), name, "must be a DNS label: lower case letters, digits and '-', at most 63 characters"));
  }
  const kinds = CHECK_KINDS.filter((kind) => isSet(check[kind]));
  if (kinds.length !== 1) {
    errors.push(invalidField(path, kinds, `must set exactly one of ${CHECK_KINDS.join(', ')}${kinds.length ? ` (sets ${kinds.join(' and ')})` : ''}`));
  }
  const timeout = check['timeoutSeconds'];
  if (isSet(timeout)) {
    if (!isWholeNumberIn(timeout, 1, MAX_CHECK_TIMEOUT_SECONDS)) errors.push(invalidField(path.child('timeoutSeconds'), timeout, `must be a whole number from 1 to ${MAX_CHECK_TIMEOUT_SECONDS}`));
    else if (isSet(check['pods']) && kinds.length === 1) errors.push(invalidField(path.child('timeoutSeconds'), timeout, 'applies to prometheus and http checks only'));
  }
  if (isSet(check['prometheus'])) errors.push(...validatePrometheus(check['prometheus'], path.child('prometheus')));
  if (isSet(check['http'])) errors.push(...validateHttp(check['http'], path.child('http')));
  if (isSet(check['pods'])) errors.push(...validatePods(check['pods'], path.child('pods')));
  return errors;
}

function validatePrometheus(value: unknown, path: FieldPath): FieldError[] {
  if (!isObject(value)) return [invalidField(path, value, 'must be an object')];
  const errors = validateUrl(value['address'], path.child('address'));
  const query = value['query'];
  if (!isSet(query) || query === '') errors.push(requiredField(path.child('query')));
  else if (typeof query !== 'string') errors.push(invalidField(path.child('query'), query, 'must be a string'));
  else if (query.length > MAX_QUERY_LENGTH) errors.push(tooLongField(path.child('query'), MAX_QUERY_LENGTH));
  else if (CONTROL.test(query)) errors.push(invalidField(path.child('query'), query, 'must not contain control characters'));
  else errors.push(...placeholderError(path.child('query'), query));
  errors.push(...unknownFields(value, ['address', 'query', 'successCondition'], path));
  return [...errors, ...validateCondition(value['successCondition'], path.child('successCondition'))];
}

function validateHttp(value: unknown, path: FieldPath): FieldError[] {
  if (!isObject(value)) return [invalidField(path, value, 'must be an object')];
  const url = value['url'];
  // A URL with placeholders is checked as it will be sent, each bound to a plain value.
  const bound = typeof url === 'string' ? url.replace(PLACEHOLDER, 'x') : url;
  const errors = validateUrl(bound, path.child('url')).map((error) => (error.type === 'Invalid' ? { ...error, value: url } : error));
  if (errors.length === 0 && typeof url === 'string') errors.push(...placeholderError(path.child('url'), url));
  const jsonPath = value['jsonPath'];
  if (isSet(jsonPath) && jsonPath !== '') {
    if (typeof jsonPath !== 'string' || jsonPath.length > MAX_JSON_PATH_LENGTH || !JSON_PATH.test(jsonPath)) {
      errors.push(invalidField(path.child('jsonPath'), jsonPath, `must be names and [index]es joined by dots, such as "status.items[0].ok", at most ${MAX_JSON_PATH_LENGTH} characters`));
    }
  }
  errors.push(...unknownFields(value, ['url', 'jsonPath', 'successCondition'], path));
  return [...errors, ...validateCondition(value['successCondition'], path.child('successCondition'))];
}

function validatePods(value: unknown, path: FieldPath): FieldError[] {
  if (!isObject(value)) return [invalidField(path, value, 'must be an object')];
  const errors = unknownFields(value, ['readyForSeconds'], path);
  const seconds = value['readyForSeconds'];
  if (isSet(seconds) && !isWholeNumberIn(seconds, 0, MAX_READY_FOR_SECONDS)) {
    errors.push(invalidField(path.child('readyForSeconds'), seconds, `must be a whole number from 0 to ${MAX_READY_FOR_SECONDS}`));
  }
  return errors;
}

function validateUrl(value: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value) || value === '') return [requiredField(path)];
  if (typeof value !== 'string') return [invalidField(path, value, 'must be a string')];
  if (value.length > MAX_URL_LENGTH) return [tooLongField(path, MAX_URL_LENGTH)];
  if (CONTROL.test(value) || /\s/.test(value)) return [invalidField(path, value, 'must not contain spaces or control characters')];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [invalidField(path, value, 'must be an absolute http or https URL')];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [invalidField(path, value, 'must be an absolute http or https URL')];
  // A password in a URL ends up in the status, the plan and the logs.
  if (url.username || url.password) return [invalidField(path, value, 'must not carry a user name or password')];
  return [];
}

function validateCondition(value: unknown, path: FieldPath): FieldError[] {
  if (!isSet(value)) return [requiredField(path)];
  if (!isObject(value)) return [invalidField(path, value, 'must be an object with an operator and a value')];
  const errors = unknownFields(value, ['operator', 'value'], path);
  const operator = value['operator'];
  if (!isSet(operator)) errors.push(requiredField(path.child('operator')));
  else if (!COMPARISON_OPERATORS.includes(operator as ComparisonOperator)) errors.push(notSupportedField(path.child('operator'), operator, COMPARISON_OPERATORS));
  const operand = value['value'];
  const valuePath = path.child('value');
  if (!isSet(operand)) errors.push(requiredField(valuePath));
  else if (typeof operand === 'number') {
    if (!Number.isFinite(operand)) errors.push(invalidField(valuePath, String(operand), 'must be a finite number'));
  } else if (typeof operand === 'string') {
    if (operand.length > MAX_CONDITION_STRING_LENGTH) errors.push(tooLongField(valuePath, MAX_CONDITION_STRING_LENGTH));
    else if (CONTROL.test(operand)) errors.push(invalidField(valuePath, operand, 'must not contain control characters'));
  } else if (typeof operand !== 'boolean') errors.push(invalidField(valuePath, operand, 'must be a number, a string or a boolean'));
  if (ORDERING_OPERATORS.includes(operator as ComparisonOperator) && isSet(operand) && typeof operand !== 'number') {
    errors.push(invalidField(valuePath, operand, `must be a number for ${String(operator)}`));
  }
  return errors;
}

function unknownFields(value: Record<string, unknown>, known: string[], path: FieldPath): FieldError[] {
  return Object.keys(value).filter((key) => !known.includes(key)).map((key) => invalidField(path.child(key), undefined, `unknown field; known: ${known.join(', ')}`));
}

function isWholeNumberIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
