'use client';
// Roll back to an earlier revision (a button on its row of the revision history): its pod template
// becomes the update revision.
import type { Revision, Workload } from '../../../lib/api/types';
import { confirmRollback } from '../../../lib/rollout/confirm-words';
import type { ConfirmRequest } from '../../common/ConfirmDialog';
import type { Mutations } from '../mutations';
import { confirmChange } from './confirm';

export function RollbackAction({
  workload,
  revision: r,
  m,
  onRequest,
}: {
  workload: Workload;
  revision: Revision;
  m: Mutations;
  onRequest(r: ConfirmRequest): void;
}) {
  return (
    <button
      type="button"
      onClick={() =>
        confirmChange(
          { onRequest },
          {
            title: `Roll back to ${r.name}`,
            body: confirmRollback(workload, r),
            confirmLabel: 'Roll back',
            action: `roll back to ${r.name}`,
            danger: true,
            run: () => m.rollbackWorkload(r.name),
          },
        )
      }
    >
      Roll back…
    </button>
  );
}
