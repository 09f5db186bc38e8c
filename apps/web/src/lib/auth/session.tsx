import { createContext, type ReactNode, useContext } from 'react';

/** What the signed-in session can do beyond reading the viewer. */
export type Session = {
  /** Ends the session at the identity provider (its end-session endpoint). */
  signOut: () => Promise<void>;
};

const noSession: Session = { signOut: async () => {} };

const SessionContext = createContext<Session>(noSession);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
