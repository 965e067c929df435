import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { takeFirstData } from '../api/firstData';
import type { MeResponse, User } from '../api/types';

// The session as the UI sees it. This module is part of the entry bundle (every page's header needs
// it), so it stays tiny: a bare fetch for /api/me, and the API client only loaded when signing out.
export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: User }
  // `failed`: /api/me could not answer (network, 503); we show signed out but know nothing for sure.
  | { status: 'signedOut'; failed?: boolean };

export type AuthValue = AuthState & {
  /** Sets the user after a sign-in (null: signed out) without asking the server. */
  setUser: (user: User | null) => void;
  /** Ends the session on the server (all devices), then locally. Rejects if the server call fails. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthValue | null>(null);

/** The session as the server wrote it into a signed-in screen's shell (firstData.ts), or null. */
function firstSession(): AuthState | null {
  const me = takeFirstData('/api/me') as MeResponse | undefined;
  if (!me) return null;
  return me.authenticated ? { status: 'signedIn', user: me.user } : { status: 'signedOut' };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The prerender and the hydration pass both render `loading` (the header shows "Sign in"), so the
  // markup always matches; the real answer arrives from the effect below. A signed-in screen's shell,
  // rendered fresh, may carry the answer already: then there is nothing to ask.
  const [first] = useState(firstSession);
  const [state, setState] = useState<AuthState>(first ?? { status: 'loading' });

  const setUser = useCallback((user: User | null) => setState(user ? { status: 'signedIn', user } : { status: 'signedOut' }), []);

  const signOut = useCallback(
    () =>
      import('../api/client')
        .then((api) => api.signOut())
        .catch((err: { status?: number }) => {
          // 401: the session was already gone, which is what we wanted.
          if (err.status !== 401) throw err;
        })
        .then(() => setState({ status: 'signedOut' })),
    [],
  );

  // Effects never run during the prerender, so the session check happens in the browser only.
  useEffect(() => {
    if (first) return;
    fetch('/api/me', { headers: { Accept: 'application/json' } })
      .then((res) => {
        if (!res.ok) throw new Error(`GET /api/me answered ${res.status}`);
        return res.json() as Promise<MeResponse>;
      })
      .then(
        (me) => setState(me.authenticated ? { status: 'signedIn', user: me.user } : { status: 'signedOut' }),
        (err: unknown) => {
          console.error(err);
          setState({ status: 'signedOut', failed: true });
        },
      );
  }, [first]);

  const value = useMemo<AuthValue>(() => ({ ...state, setUser, signOut }), [state, setUser, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  // Message fixed by spec §8 (context misuse).
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
