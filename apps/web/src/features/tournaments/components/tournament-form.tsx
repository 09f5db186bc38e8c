import { type Tournament, type TournamentInput, tournamentInputSchema } from '@lanparty/contract';
import {
  bestOfChoices,
  maxEntrantsOf,
  type TournamentFormat,
  tournamentFormatLabels,
  tournamentFormats,
  tournamentLimits,
} from '@lanparty/contract/rules';
import { useId, useRef } from 'react';
import type { FieldPath } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/forms/local-date-time.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { useLanDraft } from '../../../lib/lans/get-lan-draft.ts';
import { tournamentFixedText } from './tournament-texts.ts';

/** The form as its inputs hold it: choices as text, sign-up's close on the community's clocks. */
type TournamentFormValues = {
  name: string;
  game: string;
  format: TournamentFormat;
  teamSize: number;
  maxEntrants: number;
  bestOf: string;
  /** '' is "as the other matches". */
  finalBestOf: string;
  signUpClosesAt: string;
  checkIn: boolean;
};

const fieldNames: readonly FieldPath<TournamentFormValues>[] = [
  'name',
  'game',
  'format',
  'teamSize',
  'maxEntrants',
  'bestOf',
  'finalBestOf',
  'signUpClosesAt',
  'checkIn',
];

const labels = {
  teamSize: 'Team size',
  maxEntrants: 'Most entrants',
  bestOf: 'Best of',
  finalBestOf: 'The final',
  signUpClosesAt: 'Sign-up closes',
} as const;

const bestOfOptions = bestOfChoices.map((choice) => ({
  value: String(choice),
  label: choice === 1 ? 'One game' : `Best of ${choice}`,
}));

function valuesOf(tournament: Tournament | undefined, timeZone: string): TournamentFormValues {
  return {
    name: tournament?.name ?? '',
    game: tournament?.game.name ?? '',
    format: tournament?.format ?? 'single_elimination',
    teamSize: tournament?.teamSize ?? 1,
    maxEntrants: tournament?.maxEntrants ?? 16,
    bestOf: String(tournament?.bestOf ?? 1),
    finalBestOf:
      tournament && tournament.finalBestOf !== tournament.bestOf
        ? String(tournament.finalBestOf)
        : '',
    signUpClosesAt: tournament?.signUpClosesAt
      ? toLocalInput(tournament.signUpClosesAt, timeZone)
      : '',
    checkIn: tournament?.checkIn ?? false,
  };
}

/**
 * The body of POST /api/lans/{id}/tournaments and PUT /api/tournaments/{id}, unchecked. An
 * empty number stays NaN, which the contract names ("Team size must be a whole number")
 * rather than filling in its default. Once the tournament has started, what the start
 * fixed is sent as it stands, whatever the hidden fields held when it started.
 */
function toBody(
  values: TournamentFormValues,
  timeZone: string,
  initial: Tournament | undefined,
): Record<keyof TournamentInput, unknown> {
  const fixed = initial && initial.state !== 'open' ? valuesOf(initial, timeZone) : values;
  return {
    name: values.name,
    game: values.game,
    // A game the site knows stays linked while its name is kept.
    gameId: initial && values.game === initial.game.name ? initial.game.id : null,
    format: fixed.format,
    teamSize: fixed.teamSize,
    maxEntrants: fixed.maxEntrants,
    bestOf: Number(values.bestOf),
    finalBestOf: values.finalBestOf === '' ? null : Number(values.finalBestOf),
    signUpClosesAt:
      fixed.signUpClosesAt === '' ? null : fromLocalInput(fixed.signUpClosesAt, timeZone),
    checkIn: fixed.checkIn,
  };
}

type TournamentFormProps = {
  /** The form's name for assistive technology: "New tournament". */
  label: string;
  /** The tournament changed, or undefined for a new one. */
  initial?: Tournament;
  submitLabel: string;
  onSave: (input: TournamentInput) => Promise<Tournament>;
  onSaved: (tournament: Tournament) => void;
};

/**
 * A tournament's rules (issue 37): its name and game, format, team size, most entrants,
 * best of (and the final's), when sign-up closes — on the community's clocks, as every
 * time a lan administrator types — and whether entrants check in. Checked by the contract
 * as the server checks them; the server's messages stand under their fields. Once it has
 * started, its format, team size, most entrants and check-in are fixed and only shown.
 */
export function TournamentForm(props: TournamentFormProps) {
  const draft = useLanDraft();
  return (
    <QueryStatus query={draft} failure="The form could not be loaded.">
      {({ timeZone }) => <RulesForm {...props} timeZone={timeZone} />}
    </QueryStatus>
  );
}

function RulesForm({
  label,
  initial,
  submitLabel,
  onSave,
  onSaved,
  timeZone,
}: TournamentFormProps & { timeZone: string }) {
  const idPrefix = useId();
  // The tournament as it stands now (it may start while the form is open).
  const latest = useRef(initial);
  latest.current = initial;
  const { form, saveError, trySave } = useSavingForm<TournamentFormValues, TournamentInput>({
    resolver: contractResolver<TournamentFormValues, TournamentInput>(
      tournamentInputSchema,
      (values) => toBody(values, timeZone, latest.current),
    ),
    defaultValues: valuesOf(initial, timeZone),
    fieldNames,
    failure: initial ? 'The rules could not be saved' : 'The tournament could not be made',
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting },
  } = form;
  const format = watch('format');
  const isFixed = initial !== undefined && initial.state !== 'open';
  const field = (name: FieldPath<TournamentFormValues>, text?: string) => ({
    name,
    label: text,
    idPrefix,
    message: messageOnceTouched(form, name, text),
  });

  const save = handleSubmit(async (input) => {
    const saved = await trySave(() => onSave(input));
    if (saved) onSaved(saved);
  });

  return (
    <form className={forms.form} onSubmit={save} noValidate aria-label={label}>
      <div className={forms.fields}>
        <FormField
          {...field('name')}
          registration={register('name')}
          hint={`At most ${tournamentLimits.nameMaxLength} characters.`}
          autoComplete="off"
          required
        />
        <FormField {...field('game')} registration={register('game')} autoComplete="off" required />
        {isFixed ? null : (
          <>
            <FormField
              {...field('format')}
              registration={register('format')}
              options={tournamentFormats.map((each) => ({
                value: each,
                label: tournamentFormatLabels[each],
              }))}
            />
            <FormField
              {...field('teamSize', labels.teamSize)}
              registration={register('teamSize', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={1}
              max={tournamentLimits.teamSizeMax}
              step={1}
              hint="1: players alone."
            />
            <FormField
              {...field('maxEntrants', labels.maxEntrants)}
              registration={register('maxEntrants', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={2}
              max={maxEntrantsOf(format)}
              step={1}
              hint={`2 to ${maxEntrantsOf(format)}.`}
            />
          </>
        )}
        <FormField
          {...field('bestOf', labels.bestOf)}
          registration={register('bestOf')}
          options={bestOfOptions}
        />
        {format === 'round_robin' ? null : (
          <FormField
            {...field('finalBestOf', labels.finalBestOf)}
            registration={register('finalBestOf')}
            options={[{ value: '', label: 'As the other matches' }, ...bestOfOptions]}
          />
        )}
        {isFixed ? null : (
          <FormField
            {...field('signUpClosesAt', labels.signUpClosesAt)}
            registration={register('signUpClosesAt')}
            type="datetime-local"
            hint="The community’s time. Empty: open until the start; a time already past closes it now."
          />
        )}
      </div>
      {isFixed ? (
        <p className={forms.hint}>Fixed since the start: {tournamentFixedText(initial)}.</p>
      ) : (
        <label className={forms.checkbox}>
          <input type="checkbox" {...register('checkIn')} />
          <span>Entrants check in before the start (those who do not lose by walkover)</span>
        </label>
      )}
      <FormFooter error={saveError} isBusy={isSubmitting} submitLabel={submitLabel} status="" />
    </form>
  );
}
