import type { Role, SignUp } from '@lanparty/contract';
import { useEffect, useRef, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { Page } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { Navigate, useSearchParams } from '../../../lib/router/index.tsx';
import { useSignUps } from '../../../lib/users/list-sign-ups.ts';
import { useUpdateUserRoles } from '../api/update-user-roles.ts';
import { SignUpsTable } from '../components/sign-ups-table.tsx';
import styles from './admin-sign-ups-route.module.css';

export const SIGN_UPS_PAGE_SIZE = 20;

const roleWords: Partial<Record<Role, string>> = { Lanner: 'a lanner', Member: 'a member' };

/** How long the Undo of a grant is offered: long enough to see a mistake and take it back. */
export const UNDO_MS = 10_000;

type Outcome = {
  text: string;
  isError: boolean;
  /** The grant the Undo takes back, while it is offered. */
  undo?: { user: SignUp['user']; role: Role };
};

/**
 * admin/sign-ups: users without the Lanner role, newest first, twenty to a page (the page
 * in the address). One click makes one a lanner (the server e-mails them, a minute later)
 * or a member, with no question first: an Undo is offered for a few seconds after, which
 * gives them their roles as they were on the server (and the e-mail is not sent). The
 * list, and the count beside the Admin link, are read again after either.
 */
export function AdminSignUpsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const signUps = useSignUps({
    offset: (page - 1) * SIGN_UPS_PAGE_SIZE,
    limit: SIGN_UPS_PAGE_SIZE,
  });
  const updateRoles = useUpdateUserRoles();
  const [message, setMessage] = useState<Outcome | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const undo = message?.undo;

  // The Undo goes after a while; the words of what was done stay.
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(
      () =>
        setMessage((current) =>
          current?.undo === undo ? { ...current, undo: undefined } : current,
        ),
      UNDO_MS,
    );
    return () => clearTimeout(timer);
  }, [undo]);

  // The row clicked leaves the list: the focus goes to the Undo beside the words instead.
  useEffect(() => {
    if (undo) undoRef.current?.focus();
  }, [undo]);

  function grant({ user }: SignUp, role: Role) {
    setMessage(null);
    updateRoles.mutate(
      { id: user.id, roles: [...user.roles, role] },
      {
        onSuccess: () =>
          setMessage({
            text: `${user.nickname} is now ${roleWords[role]}.`,
            isError: false,
            undo: { user, role },
          }),
        onError: (error) =>
          setMessage({
            text: `${user.nickname} could not be made ${roleWords[role]}: ${describeError(error)}`,
            isError: true,
          }),
      },
    );
  }

  /** Takes the grant back: the roles the sign-up had before it (kept from its row). */
  function undoGrant({ user, role }: NonNullable<Outcome['undo']>) {
    updateRoles.mutate(
      { id: user.id, roles: [...user.roles] },
      {
        onSuccess: () =>
          setMessage({ text: `${user.nickname} is no longer ${roleWords[role]}.`, isError: false }),
        onError: (error) =>
          setMessage({
            text: `${user.nickname} is still ${roleWords[role]}: the undo failed (${describeError(error)}).`,
            isError: true,
            undo: { user, role },
          }),
      },
    );
  }

  function goTo(next: number) {
    setSearchParams(next > 1 ? { page: String(next) } : {}, { replace: true });
  }

  const total = signUps.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SIGN_UPS_PAGE_SIZE));
  // Verifying the last sign-ups of the last page empties it: show the page before.
  if (signUps.isSuccess && !signUps.isPlaceholderData && page > pageCount) {
    return <Navigate to={`/admin/sign-ups${pageCount > 1 ? `?page=${pageCount}` : ''}`} replace />;
  }

  return (
    <Page
      title="Awaiting verification"
      lead="Who signed up and is not a lanner yet, newest first. Making someone a lanner e-mails them."
    >
      <QueryStatus query={signUps} failure="The sign-ups could not be loaded." />
      <div className={styles.list}>
        <p role="status" className={message?.isError ? controls.alert : styles.message}>
          {message?.text}
          {undo ? (
            <>
              {' '}
              <button
                ref={undoRef}
                type="button"
                className={controls.buttonSecondary}
                disabled={updateRoles.isPending}
                onClick={() => undoGrant(undo)}
              >
                Undo{' '}
                <span className="visually-hidden">
                  making {undo.user.nickname} {roleWords[undo.role]}
                </span>
              </button>
            </>
          ) : null}
        </p>
        {signUps.data ? (
          <>
            <p className={forms.hint}>
              {total === 1 ? '1 sign-up waiting' : `${total} sign-ups waiting`}
            </p>
            {signUps.data.items.length > 0 ? (
              <SignUpsTable
                signUps={signUps.data.items}
                busyUserId={updateRoles.isPending ? updateRoles.variables.id : null}
                onGrant={grant}
              />
            ) : (
              <p>Nobody is waiting. Everyone who signed up is a lanner.</p>
            )}
            <Pager page={page} pageCount={pageCount} onGoTo={goTo} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
