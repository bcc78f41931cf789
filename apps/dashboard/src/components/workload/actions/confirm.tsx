'use client';
// What every action shares: its change goes to the page's confirmation dialog (ConfirmDialog), which
// says what will happen and shows the API's refusal in words; after a CONFLICT (someone changed the
// workload since the operator looked) the page reloads, so the operator sees what changed. A value the
// form cannot read is refused under the action's row, in words, without asking the API.
import { useState } from 'react';
import type { Pod, Workload } from '../../../lib/api/types';
import type { ConfirmRequest } from '../../common/ConfirmDialog';
import type { Mutations } from '../mutations';

/** Where a change is confirmed. */
export interface Confirmer {
  onRequest(r: ConfirmRequest): void;
  /** After a CONFLICT: reload the page (unset: nothing more than the dialog's words). */
  onConflict?(): void;
}

/** What the Actions panel's actions act on. */
export interface ActionContext extends Confirmer {
  workload: Workload;
  m: Mutations;
  /** The pods as they are when a confirmation opens (to name the ones a partition moves). */
  pods(): Pod[];
}

/** Opens the confirmation for a change. */
export function confirmChange(to: Confirmer, request: Omit<ConfirmRequest, 'onError'>): void {
  to.onRequest({
    ...request,
    onError: (err) => {
      if ((err as { code?: string })?.code === 'CONFLICT') to.onConflict?.();
    },
  });
}

export interface ActionForm {
  /** Why the form's value was not sent, or null. */
  error: string | null;
  /** Says why the value is not sent (nothing is asked). */
  refuse(message: string): void;
  /** Clears the refusal and opens the confirmation. */
  ask(request: Omit<ConfirmRequest, 'onError'>): void;
}

export function useActionForm(to: Confirmer): ActionForm {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    refuse: setError,
    ask: (request) => {
      setError(null);
      confirmChange(to, request);
    },
  };
}
