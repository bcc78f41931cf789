'use client';
// The top bar: where you are, who you are (role), and sign in / out.
import Link from 'next/link';
import { can, describeSession } from '../../lib/auth/roles';
import { useSession } from './SessionProvider';

export function Header() {
  const { session, state, problem, signOut, apiUrl } = useSession();
  return (
    <header className="topbar">
      <Link href="/" className="brand">
        Coxswain
      </Link>
      <nav>
        {(!session || can(session, 'read')) && <Link href="/">Workloads</Link>}
        {(!session || can(session, 'read')) && <Link href="/topology">Topology</Link>}
        {(!session || can(session, 'read')) && <Link href="/nodes">Nodes</Link>}
        {(!session || can(session, 'read') || can(session, 'approve')) && <Link href="/rollouts">Rollouts</Link>}
        <Link href="/hooks">Pending hooks</Link>
      </nav>
      <span className="spacer" />
      <span className="api" title="API the browser talks to">
        {apiUrl}
      </span>
      <span className="who" data-testid="session">
        {state === 'checking' && 'checking session…'}
        {state === 'ready' && session && describeSession(session)}
        {state === 'signed-out' && 'signed out'}
        {state === 'unreachable' && 'API unreachable'}
      </span>
      {session?.source === 'token' ? (
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      ) : (
        <Link href="/sign-in">Sign in</Link>
      )}
      {problem && state === 'unreachable' && (
        <div className="banner error" role="alert">
          {problem}
        </div>
      )}
    </header>
  );
}
