// Success conditions: a structured comparison of the measured value with the condition's value (no
// expression is ever evaluated). Ordering operators compare numbers; Equal and NotEqual compare the
// value's type and value, a number string from Prometheus counting as its number.
import type { ComparisonOperator, SuccessCondition } from '@coxswain/kruise-api';

const SYMBOLS: Record<ComparisonOperator, string> = {
  LessThan: '<', LessThanOrEqual: '<=', GreaterThan: '>', GreaterThanOrEqual: '>=', Equal: '==', NotEqual: '!=',
};

export function describeCondition(condition: SuccessCondition): string {
  return `${SYMBOLS[condition.operator]} ${JSON.stringify(condition.value)}`;
}

/** Whether `measured` meets the condition; a reason in words when the two cannot be compared. */
export function meetsCondition(measured: unknown, condition: SuccessCondition): { met: boolean } | { incomparable: string } {
  const { operator, value } = condition;
  if (operator === 'Equal' || operator === 'NotEqual') {
    const equal = typeof value === 'number' && typeof measured === 'number' ? measured === value : measured === value;
    return { met: operator === 'Equal' ? equal : !equal };
  }
  if (typeof measured !== 'number' || typeof value !== 'number') return { incomparable: `${describe(measured)} is not a number` };
  if (Number.isNaN(measured)) return { incomparable: 'the value is NaN' };
  switch (operator) {
    case 'LessThan': return { met: measured < value };
    case 'LessThanOrEqual': return { met: measured <= value };
    case 'GreaterThan': return { met: measured > value };
    default: return { met: measured >= value };
  }
}

/** A measured value in a sentence: `0.3`, `"ok"`, `an object`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
