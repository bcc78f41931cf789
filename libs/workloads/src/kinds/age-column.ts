// kubectl's AGE column of a workload's table row.
import { humanAge } from '@coxswain/kruise-api/human-age';

/** The AGE column of an object: its age at `now` (0s without a creationTimestamp). */
export function ageColumn(object: { metadata: { creationTimestamp?: string } }, now: number): string {
  return humanAge(now - Date.parse(object.metadata.creationTimestamp ?? new Date(now).toISOString()));
}
