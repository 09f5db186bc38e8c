import type { Tournament, TournamentMatch } from '@lanparty/contract';
import { useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import dialogs from '../../../components/modal-dialog.module.css';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { sideName } from './bracket-view.tsx';
import styles from './tournaments.module.css';

/** Two score inputs, one per side, labelled with the side's name. */
export function ScoreInputs({
  tournament,
  match,
  scores,
  onChange,
}: {
  tournament: Tournament;
  match: TournamentMatch;
  scores: [string, string];
  onChange: (scores: [string, string]) => void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      {match.sides.map((side, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a match has two sides, in order
        <div key={index} className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-${index}`}>
            {sideName(tournament, side)}
          </label>
          <input
            id={`${id}-${index}`}
            className={`${forms.input} ${styles.scoreInput}`}
            type="number"
            inputMode="numeric"
            min={0}
            value={scores[index]}
            onChange={(event) =>
              onChange(
                index === 0 ? [event.target.value, scores[1]] : [scores[0], event.target.value],
              )
            }
          />
        </div>
      ))}
    </div>
  );
}

/** The scores typed, as numbers (NaN where empty: the server names the problem). */
export const toScores = ([a, b]: [string, string]): [number, number] => [
  a.trim() === '' ? Number.NaN : Number(a),
  b.trim() === '' ? Number.NaN : Number(b),
];

/**
 * A lan administrator sets a match's result (scores or a walkover), deciding a dispute or
 * correcting a settled match. A correction that would reset matches played after it is
 * asked about first, naming them, before it is sent again to go ahead.
 */
export function ResultDialog({
  tournament,
  match,
  onClose,
}: {
  tournament: Tournament;
  match: TournamentMatch;
  onClose: () => void;
}) {
  const result = useTournamentAction(tournamentActions.result);
  const settled = match.status === 'completed' || match.status === 'archived';
  const [scores, setScores] = useState<[string, string]>(
    settled ? [String(match.sides[0]?.score ?? ''), String(match.sides[1]?.score ?? '')] : ['', ''],
  );
  const [walkover, setWalkover] = useState<'' | '0' | '1'>('');
  const [error, setError] = useState<string | null>(null);
  const [resets, setResets] = useState<string | null>(null);
  const { cancelRef, titleId, bodyId, dialogProps } = useModalDialog(true, {
    isBusy: result.isPending,
    onCancel: onClose,
  });
  const walkoverId = useId();
  async function send(resetFollowing: boolean) {
    setError(null);
    try {
      await result.mutateAsync({
        matchId: match.id,
        input:
          walkover === ''
            ? { scores: toScores(scores), resetFollowing }
            : { forfeit: walkover === '0' ? 0 : 1, resetFollowing },
      });
      onClose();
    } catch (failure) {
      if (isApiError(failure, 409) && Array.isArray(failure.extensions.matchIds))
        setResets(failure.detail ?? 'Matches played after it are reset.');
      else setError(describeError(failure));
    }
  }
  return (
    <dialog {...dialogProps} className={dialogs.dialog}>
      <form
        className={dialogs.content}
        onSubmit={(event) => {
          event.preventDefault();
          void send(resets !== null);
        }}
        noValidate
      >
        <h2 id={titleId} className={dialogs.title}>
          {settled ? 'Correct the result' : 'Set the result'}
        </h2>
        <div id={bodyId} className={dialogs.body}>
          <p>
            {sideName(tournament, match.sides[0])} against {sideName(tournament, match.sides[1])},
            best of {match.bestOf}.
          </p>
          {resets ? (
            <p role="alert">
              {resets.replace(' Send it again with resetFollowing to go ahead.', '')}
            </p>
          ) : (
            <>
              <ScoreInputs
                tournament={tournament}
                match={match}
                scores={scores}
                onChange={setScores}
              />
              <div className={forms.field}>
                <label className={forms.label} htmlFor={walkoverId}>
                  Or a walkover
                </label>
                <select
                  id={walkoverId}
                  className={forms.input}
                  value={walkover}
                  onChange={(event) => setWalkover(event.target.value as '' | '0' | '1')}
                >
                  <option value="">No: the scores above</option>
                  <option value="1">
                    {sideName(tournament, match.sides[0])} wins without playing
                  </option>
                  <option value="0">
                    {sideName(tournament, match.sides[1])} wins without playing
                  </option>
                </select>
              </div>
            </>
          )}
          <AlertText message={error} />
        </div>
        <div className={`${controls.actions} ${dialogs.actions}`}>
          <button
            ref={cancelRef}
            type="button"
            className={controls.buttonSecondary}
            onClick={onClose}
          >
            Cancel
          </button>
          <button type="submit" className={controls.button} disabled={result.isPending}>
            {resets ? 'Reset them and correct' : settled ? 'Correct' : 'Set the result'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
