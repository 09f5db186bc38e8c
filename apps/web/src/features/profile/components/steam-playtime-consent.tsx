import type { UserProfile } from '@lanparty/contract';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { LoadFailure } from '../../../components/load-failure.tsx';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useAnswerSteamPlaytime, useConsents, useDeletePlaytime } from '../api/history-and-data.ts';
import styles from './steam-playtime-consent.module.css';
import { SwitchField } from './switch-field.tsx';

/**
 * The profile's Steam Playtime section (issue 36): the consent to record the user's Steam
 * playtime, with the wording the server keeps. Asked outright while it needs an answer
 * (Steam just linked, or linked before the site asked); a switch after that. Off, it offers
 * to delete what was collected.
 */
export function SteamPlaytimeConsent({ user }: { user: UserProfile }) {
  const consents = useConsents({ isEnabled: true });
  const answer = useAnswerSteamPlaytime();
  const deletion = useDeletePlaytime();
  const [isAskingDelete, setIsAskingDelete] = useState(false);
  const consent = consents.data?.steamPlaytime;
  if (consents.isError && !consent && user.steamId !== null)
    return (
      <section
        id="steam-playtime"
        className={section.section}
        aria-labelledby="steam-playtime-title"
      >
        <h2 id="steam-playtime-title" className={section.sectionTitle}>
          Steam Playtime
        </h2>
        <LoadFailure
          failure="Your choice about your Steam playtime could not be loaded."
          error={consents.error}
          onRetry={() => void consents.refetch()}
          isRetrying={consents.isFetching}
        />
      </section>
    );
  if (!consent || (user.steamId === null && consent.given === null)) return null;
  const given = answer.isPending ? answer.variables : consent.given === true;
  return (
    <section id="steam-playtime" className={section.section} aria-labelledby="steam-playtime-title">
      <h2 id="steam-playtime-title" className={section.sectionTitle}>
        Steam Playtime
      </h2>
      {consent.needsAnswer ? (
        <div className={styles.question}>
          <p>
            {consent.wordingVersion === 0
              ? 'You linked Steam before we asked, so we have been recording the games you play. Should we go on?'
              : 'You linked Steam. Nothing is recorded until you choose.'}
          </p>
          <p className={forms.hint}>
            The games you play and for how long, per day, from your Steam profile while you are
            signed in to Steam; shown on the monthly leaderboards and the yearly rewind.
          </p>
          <div className={controls.actions}>
            <button
              type="button"
              className={controls.button}
              disabled={answer.isPending}
              onClick={() => answer.mutate(true)}
            >
              Yes, record my playtime
            </button>
            <button
              type="button"
              className={controls.buttonSecondary}
              disabled={answer.isPending}
              onClick={() => answer.mutate(false)}
            >
              No, do not record it
            </button>
          </div>
        </div>
      ) : (
        <SwitchField
          label={consent.wording}
          hintId="steam-playtime-hint"
          hint={
            given
              ? 'The games you play and for how long, per day. Switched off, nothing more is recorded from the next check on (within a minute).'
              : 'Nothing is recorded. What was recorded before stays on past leaderboards until you delete it.'
          }
          isOn={given}
          isDisabled={answer.isPending}
          onFlip={(isGiven) => answer.mutate(isGiven)}
        />
      )}
      {consent.given === false && !consent.needsAnswer ? (
        <div>
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.danger}`}
            onClick={() => setIsAskingDelete(true)}
            disabled={deletion.isPending}
          >
            Delete my recorded playtime
          </button>
        </div>
      ) : null}
      {deletion.isSuccess ? <p role="status">Your recorded playtime is deleted.</p> : null}
      <AlertText
        message={
          answer.isError
            ? `Your choice was not saved: ${describeError(answer.error)}`
            : deletion.isError
              ? `Your playtime was not deleted: ${describeError(deletion.error)}`
              : null
        }
      />
      <ConfirmDialog
        isOpen={isAskingDelete}
        title="Delete your recorded playtime?"
        confirmLabel="Delete it"
        cancelLabel="Keep it"
        isBusy={deletion.isPending}
        onCancel={() => setIsAskingDelete(false)}
        onConfirm={() => deletion.mutate(undefined, { onSettled: () => setIsAskingDelete(false) })}
      >
        <p>
          Every game and hour recorded for you goes, and you leave the leaderboards and rewinds of
          the past. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
