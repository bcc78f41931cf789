// Label selectors: the structured form (matchLabels + matchExpressions) and the string form
// ("app=web,tier in (a,b),!canary"), with Kubernetes' matching rules.
import type { LabelSelector, LabelSelectorRequirement } from './meta.js';

export type Labels = Readonly<Record<string, string>> | undefined;

export class SelectorParseError extends Error {
  constructor(readonly selector: string, reason: string) {
    super(`invalid label selector "${selector}": ${reason}`);
    this.name = 'SelectorParseError';
  }
}

/** Compiled selector: a list of requirements that must all hold. An empty selector matches everything. */
export class Selector {
  private constructor(readonly requirements: readonly LabelSelectorRequirement[]) {}

  static everything(): Selector {
    return new Selector([]);
  }

  static from(input: LabelSelector | string | undefined | null): Selector {
    if (input === undefined || input === null) return Selector.everything();
    return typeof input === 'string' ? Selector.parse(input) : Selector.fromLabelSelector(input);
  }

  static fromLabelSelector(selector: LabelSelector): Selector {
    const requirements: LabelSelectorRequirement[] = [];
    for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
      requirements.push({ key, operator: 'In', values: [value] });
    }
    for (const expr of selector.matchExpressions ?? []) {
      const hasValues = (expr.values?.length ?? 0) > 0;
      if ((expr.operator === 'In' || expr.operator === 'NotIn') && !hasValues) {
        throw new SelectorParseError(JSON.stringify(expr), `operator ${expr.operator} needs at least one value`);
      }
      if ((expr.operator === 'Exists' || expr.operator === 'DoesNotExist') && hasValues) {
        throw new SelectorParseError(JSON.stringify(expr), `operator ${expr.operator} takes no values`);
      }
      if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(expr.operator)) {
        throw new SelectorParseError(JSON.stringify(expr), `unknown operator "${expr.operator}"`);
      }
      requirements.push({ key: expr.key, operator: expr.operator, values: expr.values ? [...expr.values] : undefined });
    }
    return new Selector(requirements);
  }

  /** Parses the string form used by kubectl and `?labelSelector=`. */
  static parse(text: string): Selector {
    const requirements: LabelSelectorRequirement[] = [];
    for (const part of splitTopLevel(text)) {
      const term = part.trim();
      if (term === '') continue;
      requirements.push(parseTerm(text, term));
    }
    return new Selector(requirements);
  }

  isEverything(): boolean {
    return this.requirements.length === 0;
  }

  matches(labels: Labels): boolean {
    return this.requirements.every((r) => requirementMatches(r, labels));
  }

  toString(): string {
    return this.requirements.map(formatRequirement).join(',');
  }
}

export function matchesSelector(selector: LabelSelector | string | undefined | null, labels: Labels): boolean {
  return Selector.from(selector).matches(labels);
}

function requirementMatches(r: LabelSelectorRequirement, labels: Labels): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  switch (r.operator) {
    case 'In':
      return has && (r.values ?? []).includes(labels![r.key]!);
    case 'NotIn':
      return !has || !(r.values ?? []).includes(labels![r.key]!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

function formatRequirement(r: LabelSelectorRequirement): string {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return values.length === 1 ? `${r.key}=${values[0]}` : `${r.key} in (${values.join(',')})`;
    case 'NotIn':
      return values.length === 1 ? `${r.key}!=${values[0]}` : `${r.key} notin (${values.join(',')})`;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
  }
}

/** Splits on commas that are not inside a parenthesised value set. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const KEY = /^([a-z0-9A-Z]([-a-z0-9A-Z.]*[a-z0-9A-Z])?\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function parseTerm(selector: string, term: string): LabelSelectorRequirement {
  const setMatch = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
  if (setMatch) {
    const [, key, op, rawValues] = setMatch as unknown as [string, string, string, string];
    const values = rawValues.split(',').map((v) => v.trim());
    checkKey(selector, key);
    values.forEach((v) => checkValue(selector, v));
    return { key, operator: op === 'in' ? 'In' : 'NotIn', values };
  }
  const eqMatch = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term);
  if (eqMatch) {
    const [, key, op, value] = eqMatch as unknown as [string, string, string, string];
    checkKey(selector, key);
    checkValue(selector, value);
    return { key, operator: op === '!=' ? 'NotIn' : 'In', values: [value] };
  }
  if (term.startsWith('!')) {
    const key = term.slice(1).trim();
    checkKey(selector, key);
    return { key, operator: 'DoesNotExist' };
  }
  checkKey(selector, term);
  return { key: term, operator: 'Exists' };
}

function checkKey(selector: string, key: string): void {
  if (!KEY.test(key) || key.length > 317) throw new SelectorParseError(selector, `invalid label key "${key}"`);
}

function checkValue(selector: string, value: string): void {
  if (value.length > 63 || !VALUE.test(value)) throw new SelectorParseError(selector, `invalid label value "${value}"`);
}
