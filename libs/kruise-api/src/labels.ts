// Label selectors: the structured form (matchLabels + matchExpressions) and the string form
// ("app=web,tier in (a,b),!canary"), with Kubernetes' matching rules and its canonical string form.
import type { LabelSelector, LabelSelectorRequirement } from './meta.js';

export type Labels = Readonly<Record<string, string>> | undefined;

export class SelectorParseError extends Error {
  constructor(
    readonly selector: string,
    readonly reason: string,
  ) {
    super(`invalid label selector "${selector}": ${reason}`);
    this.name = 'SelectorParseError';
  }
}

/**
 * How a requirement was written. Kubernetes keeps `a=b` (Equals, also what matchLabels become)
 * apart from `a in (b)` although both match the same pods, and prints each its own way.
 */
type Spelling = '=' | '==' | '!=' | 'expression';

interface Term {
  readonly requirement: LabelSelectorRequirement;
  readonly spelling: Spelling;
}

/** Compiled selector: a list of requirements that must all hold. An empty selector matches everything. */
export class Selector {
  readonly requirements: readonly LabelSelectorRequirement[];

  private constructor(private readonly terms: readonly Term[]) {
    this.requirements = terms.map((t) => t.requirement);
  }

  static everything(): Selector {
    return new Selector([]);
  }

  /** `undefined`/`null` select everything (as an absent `?labelSelector=` does). */
  static from(input: LabelSelector | string | undefined | null): Selector {
    if (input === undefined || input === null) return Selector.everything();
    return typeof input === 'string' ? Selector.parse(input) : Selector.fromLabelSelector(input);
  }

  static fromLabelSelector(selector: LabelSelector): Selector {
    const terms: Term[] = [];
    for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
      const source = `${key}=${value}`;
      checkKey(source, key);
      checkValue(source, value);
      terms.push({ requirement: { key, operator: 'In', values: [value] }, spelling: '=' });
    }
    for (const expr of selector.matchExpressions ?? []) {
      const source = JSON.stringify(expr);
      if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(expr.operator)) {
        throw new SelectorParseError(source, `unknown operator "${expr.operator}"`);
      }
      const hasValues = (expr.values?.length ?? 0) > 0;
      if ((expr.operator === 'In' || expr.operator === 'NotIn') && !hasValues) {
        throw new SelectorParseError(source, `operator ${expr.operator} needs at least one value`);
      }
      if ((expr.operator === 'Exists' || expr.operator === 'DoesNotExist') && hasValues) {
        throw new SelectorParseError(source, `operator ${expr.operator} takes no values`);
      }
      // A null key is Go's "", which no label key can be.
      const key = expr.key ?? '';
      checkKey(source, key);
      expr.values?.forEach((v) => checkValue(source, v));
      const requirement: LabelSelectorRequirement = hasValues
        ? { key, operator: expr.operator, values: [...expr.values!] }
        : { key, operator: expr.operator };
      terms.push({ requirement, spelling: 'expression' });
    }
    return new Selector(terms);
  }

  /** Parses the string form used by kubectl and `?labelSelector=`. Blank text selects everything. */
  static parse(text: string): Selector {
    if (text.trim() === '') return Selector.everything();
    return new Selector(splitTopLevel(text).map((part) => parseTerm(text, part.trim())));
  }

  isEverything(): boolean {
    return this.terms.length === 0;
  }

  matches(labels: Labels): boolean {
    return this.requirements.every((r) => requirementMatches(r, labels));
  }

  /**
   * Kubernetes' canonical form (labels.Selector.String()): requirements sorted by key, set values
   * sorted and de-duplicated, `k=v` for matchLabels and `k in (v)` for a one-value In expression.
   */
  toString(): string {
    return [...this.terms]
      .sort((a, b) => compareStrings(a.requirement.key, b.requirement.key))
      .map(formatTerm)
      .join(',');
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

// Code-unit order, like Go's sort.Strings (localeCompare would order by locale rules).
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function formatTerm({ requirement: r, spelling }: Term): string {
  if (spelling !== 'expression') return `${r.key}${spelling}${r.values?.[0] ?? ''}`;
  const values = [...new Set(r.values ?? [])].sort(compareStrings).join(',');
  switch (r.operator) {
    case 'In':
      return `${r.key} in (${values})`;
    case 'NotIn':
      return `${r.key} notin (${values})`;
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
    if (depth < 0 || depth > 1) throw new SelectorParseError(text, `unbalanced parentheses at position ${i + 1}`);
  }
  if (depth !== 0) throw new SelectorParseError(text, 'unbalanced parentheses: missing ")"');
  parts.push(text.slice(start));
  return parts;
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function parseTerm(selector: string, term: string): Term {
  if (term === '') throw new SelectorParseError(selector, 'empty requirement (stray ",")');
  const setMatch = /^(\S+)\s+(in|notin)\s*\((.*)\)$/.exec(term);
  if (setMatch) {
    const [, key, op, rawValues] = setMatch as unknown as [string, string, string, string];
    checkKey(selector, key);
    if (rawValues.trim() === '') throw new SelectorParseError(selector, `"${op}" needs at least one value`);
    const values = rawValues.split(',').map((v) => v.trim());
    values.forEach((v) => checkValue(selector, v));
    return { requirement: { key, operator: op === 'in' ? 'In' : 'NotIn', values }, spelling: 'expression' };
  }
  const eqMatch = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term);
  if (eqMatch) {
    const [, key, op, value] = eqMatch as unknown as [string, string, '==' | '=' | '!=', string];
    checkKey(selector, key);
    checkValue(selector, value);
    return { requirement: { key, operator: op === '!=' ? 'NotIn' : 'In', values: [value] }, spelling: op };
  }
  if (term.startsWith('!')) {
    const key = term.slice(1).trim();
    checkKey(selector, key);
    return { requirement: { key, operator: 'DoesNotExist' }, spelling: 'expression' };
  }
  checkKey(selector, term);
  return { requirement: { key: term, operator: 'Exists' }, spelling: 'expression' };
}

/** A qualified name: optional lower-case DNS subdomain prefix (<= 253) + "/" + name (<= 63). */
function checkKey(selector: string, key: string): void {
  const slash = key.indexOf('/');
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  const name = slash < 0 ? key : key.slice(slash + 1);
  const validPrefix = prefix === undefined || (prefix.length <= 253 && DNS_SUBDOMAIN.test(prefix));
  if (!validPrefix || name.length > 63 || !NAME.test(name)) {
    throw new SelectorParseError(selector, `invalid label key "${key}"`);
  }
}

function checkValue(selector: string, value: string): void {
  if (value.length > 63 || !VALUE.test(value)) throw new SelectorParseError(selector, `invalid label value "${value}"`);
}
