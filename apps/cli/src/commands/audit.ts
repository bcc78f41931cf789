// coxswain audit: the API's audit log, newest first: who did what to which object, and the outcome.
import { UsageError } from '../api/errors.js';
import { AuditLogDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { renderTable } from '../output/table.js';
import { noMoreArgs, outputFormat, printJson } from './common.js';

export async function audit(inv: Invocation, session: Session): Promise<number> {
  noMoreArgs(inv.positionals, 'coxswain audit [--limit N] [-n NAMESPACE]');
  const limit = (inv.flags.limit as number | undefined) ?? 20;
  if (limit < 1 || limit > 500) throw new UsageError('--limit must be between 1 and 500');
  const format = outputFormat(inv.flags.output, ['json'] as const);
  // Only an explicit -n filters: the log is about every namespace (and cluster-scoped objects).
  const namespace = (session.globals.namespace as string | undefined) ?? null;
  if (namespace !== null) session.connection(); // checks -n like every other command
  const answer = await session.api().request(AuditLogDocument, { namespace, first: limit });
  const entries = answer.auditLog.edges.map((e) => e.node);
  const io = session.io;
  if (format === 'json') {
    io.out(printJson(entries));
    return 0;
  }
  if (entries.length === 0) {
    io.err('No audit entries.');
    return 0;
  }
  io.out(renderTable(['TIME', 'ACTOR', 'ROLE', 'ACTION', 'TARGET', 'RESULT', 'MESSAGE'], entries.map((e) => [
    e.at, e.actorName, e.actorRole, e.action,
    e.targetKind ? `${e.targetKind} ${e.targetNamespace ? `${e.targetNamespace}/` : ''}${e.targetName ?? ''}` : '-',
    e.result, e.message ?? '',
  ])).join('\n'));
  return 0;
}
