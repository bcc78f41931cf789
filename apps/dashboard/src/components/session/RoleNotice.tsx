// Said instead of a page the token's role may not read (the API would refuse it anyway).
import Link from 'next/link';
import type { Session } from '../../lib/auth/roles';

export function RoleNotice({ session, what }: { session: Session; what: string }) {
  return (
    <main className="page">
      <p className="note" data-testid="role-notice">
        Your token ({session.name}, role {session.role}) may not read {what}.{' '}
        {session.role === 'hook-acker' ? (
          <>
            It can list and acknowledge <Link href="/hooks">pending hooks</Link>.
          </>
        ) : session.role === 'rollout-approver' ? (
          <>
            It can approve, jump and abort on the <Link href="/rollouts">Rollouts</Link> page.
          </>
        ) : null}
      </p>
    </main>
  );
}
