export type { AnalysisPhase, AnalysisResult } from './result.js';
export { describeCondition, meetsCondition } from './condition.js';
export { judgePrometheusAnswer } from './prometheus.js';
export { judgeJsonAnswer } from './http-json.js';
export { judgePods } from './pods.js';
export { evaluateCheck, prometheusQueryUrl, type AnalysisContext } from './evaluate.js';
