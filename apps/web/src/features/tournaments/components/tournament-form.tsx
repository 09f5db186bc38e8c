import { type Tournament, type TournamentInput, tournamentInputSchema } from '@lanparty/contract';
import {
  bestOfChoices,
  maxEntrantsOf,
  type TournamentFormat,
  tournamentFormatLabels,
  tournamentFormats,
  tournamentLimits,
} from '@lanparty/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';

type TournamentFormProps = {
  /** The form's name for assistive technology: "New tournament". */
  label: string;
  initial?: Tournament;
  submitLabel: string;
  onSave: (input: TournamentInput) => Promise<Tournament>;
  onSaved: (tournament: Tournament) => void;
};

/** A `datetime-local` value of an ISO instant, in the visitor's time zone. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A tournament's rules (issue 37): its name and game, format, team size, most entrants,
 * best of (and the final's), when sign-up closes and whether entrants check in. The
 * server checks them (the contract's schema); its messages stand under their fields.
 */
export function TournamentForm({
  label,
  initial,
  submitLabel,
  onSave,
  onSaved,
}: TournamentFormProps) {
  const id = useId();
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    game: initial?.game.name ?? '',
    format: (initial?.format ?? 'single_elimination') as TournamentFormat,
    teamSize: String(initial?.teamSize ?? 1),
    maxEntrants: String(initial?.maxEntrants ?? 16),
    bestOf: String(initial?.bestOf ?? 1),
    finalBestOf:
      initial && initial.finalBestOf !== initial.bestOf ? String(initial.finalBestOf) : '',
    signUpClosesAt: localInput(initial?.signUpClosesAt),
    checkIn: initial?.checkIn ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const set = (field: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setFailure(null);
    setErrors({});
    const input = {
      name: values.name,
      game: values.game,
      gameId: initial?.game.id ?? null,
      format: values.format,
      teamSize: Number(values.teamSize),
      maxEntrants: Number(values.maxEntrants),
      bestOf: Number(values.bestOf),
      finalBestOf: values.finalBestOf === '' ? null : Number(values.finalBestOf),
      signUpClosesAt: values.signUpClosesAt ? new Date(values.signUpClosesAt).toISOString() : null,
      checkIn: values.checkIn,
    };
    // The contract's own check, as the server makes it: what is wrong is said before sending.
    const checked = tournamentInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        found[field] = [...(found[field] ?? []), issue.message];
      }
      setErrors(found);
      setIsBusy(false);
      return;
    }
    try {
      const saved = await onSave(checked.data);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error)) setErrors(error.errors);
      setFailure(describeError(error));
    } finally {
      setIsBusy(false);
    }
  }

  const field = (
    name: keyof typeof values,
    labelText: string,
    input: (props: {
      id: string;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
    }) => React.ReactNode,
    hint?: string,
  ) => {
    const inputId = `${id}-${name}`;
    const message = errors[name]?.join(' ');
    const described = [hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={forms.field}>
        <label className={forms.label} htmlFor={inputId}>
          {labelText}
        </label>
        {input({
          id: inputId,
          'aria-invalid': Boolean(message),
          ...(described ? { 'aria-describedby': described } : {}),
        })}
        {hint ? (
          <p id={`${inputId}-hint`} className={forms.hint}>
            {hint}
          </p>
        ) : null}
        {message ? (
          <p id={`${inputId}-error`} className={forms.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className={forms.form} onSubmit={submit} noValidate aria-label={label}>
      <div className={forms.fields}>
        {field('name', 'Name', (props) => (
          <input
            {...props}
            className={forms.input}
            required
            maxLength={tournamentLimits.nameMaxLength}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            autoComplete="off"
          />
        ))}
        {field('game', 'Game', (props) => (
          <input
            {...props}
            className={forms.input}
            required
            maxLength={tournamentLimits.gameMaxLength}
            value={values.game}
            onChange={(event) => set('game')(event.target.value)}
            autoComplete="off"
          />
        ))}
        {field('format', 'Format', (props) => (
          <select
            {...props}
            className={forms.input}
            value={values.format}
            onChange={(event) => set('format')(event.target.value)}
          >
            {tournamentFormats.map((format) => (
              <option key={format} value={format}>
                {tournamentFormatLabels[format]}
              </option>
            ))}
          </select>
        ))}
        {field(
          'teamSize',
          'Team size',
          (props) => (
            <input
              {...props}
              className={forms.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={tournamentLimits.teamSizeMax}
              value={values.teamSize}
              onChange={(event) => set('teamSize')(event.target.value)}
            />
          ),
          '1: players alone.',
        )}
        {field(
          'maxEntrants',
          'Most entrants',
          (props) => (
            <input
              {...props}
              className={forms.input}
              type="number"
              inputMode="numeric"
              min={2}
              max={maxEntrantsOf(values.format)}
              value={values.maxEntrants}
              onChange={(event) => set('maxEntrants')(event.target.value)}
            />
          ),
          `2 to ${maxEntrantsOf(values.format)}.`,
        )}
        {field('bestOf', 'Best of', (props) => (
          <select
            {...props}
            className={forms.input}
            value={values.bestOf}
            onChange={(event) => set('bestOf')(event.target.value)}
          >
            {bestOfChoices.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 1 ? 'One game' : `Best of ${choice}`}
              </option>
            ))}
          </select>
        ))}
        {values.format === 'round_robin'
          ? null
          : field('finalBestOf', 'The final', (props) => (
              <select
                {...props}
                className={forms.input}
                value={values.finalBestOf}
                onChange={(event) => set('finalBestOf')(event.target.value)}
              >
                <option value="">As the other matches</option>
                {bestOfChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice === 1 ? 'One game' : `Best of ${choice}`}
                  </option>
                ))}
              </select>
            ))}
        {field(
          'signUpClosesAt',
          'Sign-up closes',
          (props) => (
            <input
              {...props}
              className={forms.input}
              type="datetime-local"
              value={values.signUpClosesAt}
              onChange={(event) => set('signUpClosesAt')(event.target.value)}
            />
          ),
          'Empty: at the start.',
        )}
        <label className={forms.checkbox}>
          <input
            type="checkbox"
            checked={values.checkIn}
            onChange={(event) => set('checkIn')(event.target.checked)}
          />
          <span>Entrants check in before the start (those who do not lose by walkover)</span>
        </label>
      </div>
      <AlertText message={failure} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={isBusy}>
          {isBusy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
