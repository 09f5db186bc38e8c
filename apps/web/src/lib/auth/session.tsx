import { createContext, type ReactNode, useContext } from 'react';

/** What the signed-in session can do beyond reading the viewer. */
export type Session = {
  /**
   * Ends the session at the identity provider (its end-session endpoint); back at the site
   * afterwards, or at the address `returnTo` (the erased account's page).
   */
  signOut: (returnTo?: string) => Promise<void>;
  /** A new sign-in, made now, then back at `returnTo`: its ID token proves who it is. */
  signInAgain: (returnTo: string) => Promise<void>;
  /** The ID token of the current sign-in. */
  getIdToken: () => string | undefined;
};

const noSession: Session = {
  signOut: async () => {},
  signInAgain: async () => {},
  getIdToken: () => undefined,
};

const SessionContext = createContext<Session>(noSession);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
