// coxswain apply -f FILE|-: the API's applyManifest, every document or none. Unlike kubectl apply it
// replaces each object with its document (the API's semantics; docs/graphql.md "Raw cluster objects").
import { readFile } from 'node:fs/promises';
import { CliError, UsageError } from '../api/errors.js';
import { ApplyManifestDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { noMoreArgs } from './common.js';

/** kubectl's name of an object in apply's answer: cloneset.apps.kruise.io/web, pod/web, namespace/demo. */
export function appliedName(ref: { apiVersion: string; kind: string; name: string }): string {
  const slash = ref.apiVersion.indexOf('/');
  const group = slash >= 0 ? ref.apiVersion.slice(0, slash) : '';
  return `${ref.kind.toLowerCase()}${group ? `.${group}` : ''}/${ref.name}`;
}

export function fieldValidation(value: unknown): 'STRICT' | 'IGNORE' {
  switch (value === undefined ? 'strict' : String(value).toLowerCase()) {
    case 'strict':
    case 'true':
      return 'STRICT';
    case 'ignore':
    case 'false':
      return 'IGNORE';
    default:
      throw new UsageError(`invalid argument "${String(value)}" for "--validate" flag: use strict (refuse unknown fields) or ignore (drop them)`);
  }
}

export function dryRun(value: unknown): boolean {
  switch (value === undefined ? 'none' : String(value)) {
    case 'none':
      return false;
    case 'server':
      return true;
    case 'client':
      throw new UsageError('--dry-run=client is not supported: use --dry-run=server (the API answers exactly what the apply would do, writing nothing)');
    default:
      throw new UsageError(`invalid argument "${String(value)}" for "--dry-run" flag: use server or none`);
  }
}

/** The text of -f FILE, or stdin for -; an unreadable or empty one is refused, naming it (`what` the command does with it). */
export async function readManifestFile(file: string, session: Session, what: string): Promise<string> {
  let yaml: string;
  if (file === '-') yaml = await session.io.readStdin();
  else {
    try {
      yaml = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory; name a file' : (err as Error).message}`);
    }
  }
  if (yaml.trim() === '') throw new CliError(`${file === '-' ? 'stdin' : file} is empty: no documents to ${what}`);
  return yaml;
}

export async function apply(inv: Invocation, session: Session): Promise<number> {
  noMoreArgs(inv.positionals, 'coxswain apply -f FILE');
  const file = inv.flags.filename as string | undefined;
  if (file === undefined || file === '') throw new UsageError('-f is required: the manifest file to apply, or - for stdin');
  const validation = fieldValidation(inv.flags.validate);
  const dry = dryRun(inv.flags['dry-run']);
  const yaml = await readManifestFile(file, session, 'apply');
  const answer = await session.api().request(ApplyManifestDocument, { yaml, dryRun: dry, fieldValidation: validation });
  for (const ref of answer.applyManifest) session.io.out(`${appliedName(ref)} ${ref.action}${dry ? ' (server dry run)' : ''}`);
  return 0;
}
