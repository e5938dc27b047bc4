import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine, SessionSnapshot } from '../../machines/flows/session.machine';

/** The running session chart (src/machines/flows/session.machine.ts), created by src/main.tsx. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session actor: send it events (`session.send(...)`), read it with `useSessionSelector`. */
export function useSession(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> (src/ui/app/App.tsx)');
  return session;
}

/** One value of the session snapshot (one selector per value, docs/design.md#charts). */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSession(), selector, compare);
}
