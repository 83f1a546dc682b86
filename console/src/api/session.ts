import { useSyncExternalStore } from 'react';
import type { ResponseOf } from './contract.ts';

/** The signed-in person: the session token from POST /auth/login and who it belongs to. */
export interface Session {
  token: string;
  expiresAt: number;
  user: ResponseOf<'/auth/login', 'post'>['user'];
}

const KEY = 'switchboard.session';
const listeners = new Set<() => void>();
let signOutReason: 'expired' | 'signed-out' | undefined;

function read(): Session | undefined {
  try {
    const session = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Session | null;
    return session && session.expiresAt > Date.now() ? session : undefined;
  } catch {
    return undefined;
  }
}

let current = read();

function emit() {
  for (const listener of listeners) listener();
}

export function saveSession(session: Session) {
  localStorage.setItem(KEY, JSON.stringify(session));
  current = session;
  signOutReason = undefined;
  emit();
}

/** Sign out (or drop a session the service no longer accepts): the token leaves the browser. */
export function clearSession(reason: 'expired' | 'signed-out' = 'signed-out') {
  localStorage.removeItem(KEY);
  if (current) signOutReason = reason;
  current = undefined;
  emit();
}

export const currentToken = () => (current && current.expiresAt > Date.now() ? current.token : undefined);
export const lastSignOutReason = () => signOutReason;

export function useSession(): Session | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

export const isAdmin = (session: Session | undefined) => session?.user.role === 'admin';
