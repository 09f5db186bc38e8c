import type { UserProfile } from '@lanparty/contract';
import { accountErasedPath } from '@lanparty/contract/rules';
import { useEffect, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import dialogStyles from '../../../components/modal-dialog.module.css';
import section from '../../../components/section.module.css';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { useSession } from '../../../lib/auth/session.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useSearchParams } from '../../../lib/router/index.tsx';
import { useDownloadMyData, useEraseAccount, useOwnAccount } from '../api/history-and-data.ts';
import styles from './your-data.module.css';

/** Where a fresh sign-in to confirm an erasure comes back to: the dialog open again. */
const confirmedReturn = '/profile?erase=confirm#your-data';

/**
 * The profile's Your Data section (issue 36): download everything the site holds about the
 * user as one JSON file, and erase the account, behind a dialog that says what goes and
 * what stays and asks for the password (or a fresh sign-in for accounts without one).
 */
export function YourData({ user }: { user: UserProfile }) {
  const download = useDownloadMyData();
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from a sign-in made to confirm: the dialog opens again, once (the address forgets
  // it, so a reload later does not offer an old sign-in as the proof).
  const [isConfirmedBySignIn] = useState(() => searchParams.get('erase') === 'confirm');
  const [isErasing, setIsErasing] = useState(isConfirmedBySignIn);
  useEffect(() => {
    if (searchParams.has('erase')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  return (
    <section id="your-data" className={section.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={section.sectionTitle}>
        Your Data
      </h2>
      <div className={styles.part}>
        <p>
          One file (JSON, to read in any text editor) of everything this site holds about you: your
          profile, lans, payments, seats, clan, badges, playtime, messages sent to you and sign-ins,
          each part said in a sentence.
        </p>
        <div>
          <button
            type="button"
            className={controls.buttonSecondary}
            disabled={download.isPending}
            onClick={() => download.mutate(user.id)}
          >
            {download.isPending ? 'Preparing…' : 'Download my data'}
          </button>
        </div>
        <AlertText
          message={
            download.isError
              ? `Your data was not downloaded: ${describeError(download.error)}`
              : null
          }
        />
      </div>
      <div className={styles.part}>
        <h3 className={styles.subtitle}>Erase my account</h3>
        <p>
          Your names, e-mail address, Steam link, picture, clan and coming seats go for good. Past
          payments and playtime stay, without your name, so the accounts and leaderboards still add
          up.
        </p>
        <div>
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.danger}`}
            onClick={() => setIsErasing(true)}
          >
            Erase my account…
          </button>
        </div>
      </div>
      <EraseAccountDialog
        user={user}
        isOpen={isErasing}
        isConfirmedBySignIn={isConfirmedBySignIn}
        onCancel={() => setIsErasing(false)}
      />
    </section>
  );
}

function EraseAccountDialog({
  user,
  isOpen,
  isConfirmedBySignIn,
  onCancel,
}: {
  user: UserProfile;
  isOpen: boolean;
  isConfirmedBySignIn: boolean;
  onCancel: () => void;
}) {
  const session = useSession();
  const account = useOwnAccount({ isEnabled: isOpen });
  const erase = useEraseAccount();
  const [password, setPassword] = useState('');
  const isBusy = erase.isPending || erase.isSuccess;
  const { cancelRef, titleId, bodyId, dialogProps } = useModalDialog(isOpen, {
    isBusy,
    onCancel,
  });
  const hasPassword = account.data?.hasPassword;
  const idToken = isConfirmedBySignIn ? session.getIdToken() : undefined;

  const submit = () =>
    erase.mutate(hasPassword ? { password } : { idToken: idToken ?? '' }, {
      // Signed out at the provider too, onto the page that says what went and what stays.
      onSuccess: () => void session.signOut(new URL(accountErasedPath, window.location.href).href),
    });

  return (
    <dialog {...dialogProps} className={dialogStyles.dialog}>
      {isOpen ? (
        <form
          className={dialogStyles.content}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 id={titleId} className={dialogStyles.title}>
            Erase the account of {user.nickname}?
          </h2>
          <div id={bodyId} className={dialogStyles.body}>
            <p>This cannot be undone. Download your data first if you want to keep it.</p>
            <ul className={styles.list}>
              <li>Goes: your names, e-mail, Steam link, picture, badges, clan and sign-ins.</li>
              <li>Goes: pending sign-ups, places and seats at lans to come.</li>
              <li>Stays, as “Former lanner”: past payments and playtime per day.</li>
            </ul>
          </div>
          <p
            role="status"
            className={account.isPending || erase.isSuccess ? undefined : 'visually-hidden'}
          >
            {account.isPending ? 'Checking how you sign in…' : ''}
            {erase.isSuccess ? 'Your account is erased. Signing you out…' : ''}
          </p>
          <AlertText
            message={
              account.isError
                ? `How you sign in could not be checked: ${describeError(account.error)}`
                : null
            }
          />
          {hasPassword ? (
            <div className={forms.field}>
              <label className={forms.label} htmlFor="erase-password">
                Password
              </label>
              <input
                id="erase-password"
                className={forms.input}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          ) : null}
          {hasPassword === false && !idToken ? (
            <p>Your account has no password: sign in again to confirm it is you.</p>
          ) : null}
          {hasPassword === false && idToken ? (
            <p>You signed in again: you may erase the account now.</p>
          ) : null}
          <AlertText message={erase.isError ? describeError(erase.error) : null} />
          <div className={`${controls.actions} ${dialogStyles.actions}`}>
            <button
              ref={cancelRef}
              type="button"
              className={controls.buttonSecondary}
              onClick={onCancel}
              disabled={isBusy}
            >
              Keep my account
            </button>
            {hasPassword === false && !idToken ? (
              <button
                type="button"
                className={controls.button}
                onClick={() => void session.signInAgain(confirmedReturn)}
              >
                Sign in again
              </button>
            ) : (
              <button
                type="submit"
                className={`${controls.button} ${styles.eraseButton}`}
                disabled={
                  isBusy ||
                  hasPassword === undefined ||
                  (hasPassword === true && password === '') ||
                  (hasPassword === false && !idToken)
                }
              >
                {erase.isPending ? 'Erasing…' : 'Erase my account'}
              </button>
            )}
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
