import type { Role, SignUp } from '@lanparty/contract';
import { useState } from 'react';
import controls from '../../../components/controls.module.css';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/api-client.ts';
import { Navigate, useSearchParams } from '../../../lib/router/index.ts';
import { useSignUps } from '../../../lib/users/list-sign-ups.ts';
import { useUpdateUserRoles } from '../api/update-user-roles.ts';
import { SignUpsTable } from '../components/sign-ups-table.tsx';
import styles from './admin-sign-ups-route.module.css';

export const SIGN_UPS_PAGE_SIZE = 20;

const roleWords: Partial<Record<Role, string>> = { Lanner: 'a lanner', Member: 'a member' };

/**
 * admin/sign-ups: users without the Lanner role, newest first, twenty to a page (the page
 * in the address). One click makes one a lanner (the server e-mails them) or a member;
 * the list, and the count beside the Admin link, are read again after it.
 */
export function AdminSignUpsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const signUps = useSignUps({
    offset: (page - 1) * SIGN_UPS_PAGE_SIZE,
    limit: SIGN_UPS_PAGE_SIZE,
  });
  const updateRoles = useUpdateUserRoles();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  function grant({ user }: SignUp, role: Role) {
    setMessage(null);
    updateRoles.mutate(
      { id: user.id, roles: [...user.roles, role] },
      {
        onSuccess: () =>
          setMessage({ text: `${user.nickname} is now ${roleWords[role]}.`, isError: false }),
        onError: (error) =>
          setMessage({
            text: `${user.nickname} could not be made ${roleWords[role]}: ${describeError(error)}`,
            isError: true,
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
    return <Navigate to={pageCount > 1 ? `?page=${pageCount}` : '.'} replace />;
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
        </p>
        {signUps.data ? (
          <>
            <p className={controls.hint}>
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
            {pageCount > 1 ? (
              <nav aria-label="Pages" className={controls.actions}>
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  Previous
                </button>
                <span>
                  Page {page} of {pageCount}
                </span>
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={page >= pageCount}
                  onClick={() => goTo(page + 1)}
                >
                  Next
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </Page>
  );
}
