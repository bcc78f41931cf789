// Small pieces every command shares: the errors a missing workload or extra argument gives, the
// output formats, and reading a manifest the API returned.
import { parse as parseYaml, stringify } from 'yaml';
import { CliError, UsageError } from '../api/errors.js';
import type { Target } from '../kinds.js';

export function notFound(target: Target, namespace: string): CliError {
  return new CliError(`${target.kind.singular} "${target.name}" not found in namespace "${namespace}"`, 'api', [], 'NOT_FOUND');
}

export function noMoreArgs(rest: readonly string[], usage: string): void {
  if (rest.length > 0) throw new UsageError(`unexpected argument${rest.length > 1 ? 's' : ''} ${rest.map((a) => `"${a}"`).join(' ')}; usage: ${usage}`);
}

export function outputFormat<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`unknown output format "${String(value)}": use one of ${allowed.join(', ')}`);
  return value as T;
}

/** The object of a manifest the API returned (YAML as stored). */
export function manifestObject(manifest: string | undefined): Record<string, unknown> {
  if (manifest === undefined) return {};
  const value: unknown = parseYaml(manifest);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function printJson(value: unknown): string {
  return JSON.stringify(value, null, 4);
}

export function printYaml(value: unknown): string {
  return stringify(value).trimEnd();
}

/** kubectl's List wrapper for -o json|yaml of several objects. */
export function listOf(items: unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

/** A field of a nested object, or undefined. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}
