'use client';
// Who is using the dashboard and how it reaches the API. Asks `me` once per token: the answer decides
// what the UI shows. Until the API has `me`, the session is an assumed operator without hook-ack.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, isMissingField } from '../../lib/api/errors';
import { graphqlHttp, type GraphQLHttp } from '../../lib/api/graphql-client';
import { MeDocument } from '../../lib/api/generated';
import { liveClient, type LiveClient } from '../../lib/api/ws-client';
import { ASSUMED_SESSION, sessionFromMe, type Session } from '../../lib/auth/roles';
import { readToken, writeToken } from '../../lib/auth/token-store';

export type SessionState = 'checking' | 'ready' | 'signed-out' | 'unreachable';

interface SessionContextValue {
  apiUrl: string;
  http: GraphQLHttp;
  live: LiveClient;
  session: Session | null;
  state: SessionState;
  problem: string | null;
  signIn(token: string): Promise<Session>;
  signOut(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Resolves a token to a session; ApiError('UNAUTHENTICATED') when the API refuses it. */
async function whoIs(http: GraphQLHttp): Promise<Session> {
  try {
    const data = await http.request(MeDocument);
    if (!data.me) throw new ApiError('the API does not know this token', 'UNAUTHENTICATED');
    return sessionFromMe(data.me);
  } catch (err) {
    if (isMissingField(err, 'me')) return ASSUMED_SESSION;
    throw err;
  }
}

export function SessionProvider({ apiUrl, children }: { apiUrl: string; children: ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  const [tokenRead, setTokenRead] = useState(false);
  const [session, setSession] = useState<Session | null>(null);
  const [state, setState] = useState<SessionState>('checking');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // After hydration, not during the first render: the server has no localStorage, and the first
    // client render must match what it rendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(readToken());
    setTokenRead(true);
  }, []);

  const http = useMemo<GraphQLHttp>(() => {
    const raw = graphqlHttp(apiUrl, () => token);
    // A token revoked while the page is open: every request now fails, so send the user to sign in.
    return {
      request: (operation, ...variables) =>
        raw.request(operation, ...variables).catch((err: unknown) => {
          if (token && err instanceof ApiError && err.code === 'UNAUTHENTICATED') {
            setState('signed-out');
            setProblem('The API no longer accepts your token (revoked?). Sign in again.');
          }
          throw err;
        }),
    };
  }, [apiUrl, token]);
  const live = useMemo(
    () =>
      liveClient(apiUrl, token, () => {
        setState('signed-out');
        setProblem('The API closed the live connection: the token was refused (4403). Sign in again.');
      }),
    [apiUrl, token],
  );
  useEffect(() => () => live.dispose(), [live]);

  useEffect(() => {
    if (!tokenRead) return;
    let cancelled = false;
    // A new token (or API client) is checked before the pages query with it: they wait for 'ready'.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState('checking');
    whoIs(http).then(
      (s) => {
        if (cancelled) return;
        setSession(s);
        setState('ready');
        setProblem(null);
      },
      (err: unknown) => {
        if (cancelled) return;
        const code = err instanceof ApiError ? err.code : '';
        if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') {
          setSession(null);
          setState('signed-out');
          setProblem(token ? 'Your token was refused. Sign in with a valid API token.' : 'This API needs an API token. Sign in.');
        } else {
          setState('unreachable');
          setProblem(`The API at ${apiUrl} did not answer: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, tokenRead, token, apiUrl]);

  const signIn = useCallback(
    async (candidate: string) => {
      const trimmed = candidate.trim();
      const s = await whoIs(graphqlHttp(apiUrl, () => trimmed || null));
      writeToken(trimmed || null);
      setToken(trimmed || null);
      setSession(s);
      setState('ready');
      setProblem(null);
      return s;
    },
    [apiUrl],
  );

  const signOut = useCallback(() => {
    writeToken(null);
    setToken(null);
    setSession(null);
  }, []);

  const value = useMemo(
    () => ({ apiUrl, http, live, session, state, problem, signIn, signOut }),
    [apiUrl, http, live, session, state, problem, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
