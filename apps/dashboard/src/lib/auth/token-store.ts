// The API token lives in localStorage so a reload keeps the session; it never goes into a cookie,
// so the dashboard's own server never sees it.
const KEY = 'coxswain.token';

export function readToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  if (typeof window === 'undefined') return;
  if (token) window.localStorage.setItem(KEY, token);
  else window.localStorage.removeItem(KEY);
}
