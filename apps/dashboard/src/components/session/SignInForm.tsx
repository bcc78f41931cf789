'use client';
// Sign-in with an API token: the token is checked against `me` before it is kept.
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../lib/api/errors';
import { can, describeSession } from '../../lib/auth/roles';
import { useSession } from './SessionProvider';
import { ErrorAlert } from '../common/ErrorAlert';

export function SignInForm() {
  const { signIn, session, state, problem } = useSession();
  const router = useRouter();
  const params = useSearchParams();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const s = await signIn(token);
      const next = params.get('next');
      // A hook-acker cannot read workloads: the hooks list is its home.
      router.push(!can(s, 'read') ? '/hooks' : next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    } catch (err) {
      setError(describeError(err, 'sign in'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card signin" onSubmit={submit}>
      <h1>Sign in</h1>
      <p>Paste an API token. Its role decides what you can do here; the API checks every request anyway.</p>
      <p className="muted small">
        With <code>npm start</code>, the API creates a <code>local-admin</code> token at first start and logs where its secret is (by default{' '}
        <code>.data/admin-token</code>). Admins create more with the <code>createToken</code> mutation.
      </p>
      {state === 'signed-out' && problem && (
        <p className="note" data-testid="signin-problem">
          {problem}
        </p>
      )}
      {state === 'ready' && session?.source === 'assumed' && (
        <p className="note">
          This API does not check tokens yet: you are treated as an <b>operator</b>, and hook acknowledgement is not available.
        </p>
      )}
      {state === 'ready' && session?.source === 'token' && <p className="note">Signed in as {describeSession(session)}.</p>}
      <label>
        API token
        <input name="token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} required />
      </label>
      <button type="submit" disabled={busy || !token.trim()}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}
