import { type Clan, type ClanInput, clanInputSchema } from '@lanparty/contract';
import { clanLimits } from '@lanparty/contract/rules';
import { useId, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ClanTag } from '../../../components/clan-tag.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import styles from './clan-form.module.css';

export type ClanFormValues = z.input<typeof clanInputSchema>;

const clanFieldNames: readonly FieldPath<ClanFormValues>[] = ['name', 'tag', 'colour'];

/** A new clan's colour until one is picked: the site's violet. */
export const DEFAULT_CLAN_COLOUR = '#8b5cf6';

const isColour = (text: string) => /^#[0-9a-f]{6}$/i.test(text.trim());

type ClanFormProps = {
  /** The form's name for assistive technology: "New clan", "Name, tag and colour". */
  label: string;
  initialValues: ClanFormValues;
  submitLabel: string;
  /** The alert's opening when saving fails: "The clan could not be created". */
  failure: string;
  onSave: (clan: ClanInput) => Promise<Clan>;
  onSaved: (clan: Clan) => void;
  /** What the status beside the button says once saved (and nothing changed since). */
  savedText?: string;
};

/**
 * A clan's name, tag and colour, checked by the contract as the server checks them; a
 * name or tag another clan has comes back (409) on its field. The colour is picked or
 * typed (#rrggbb), and a preview shows the tag as it will stand beside nicknames.
 */
export function ClanForm({
  label,
  initialValues,
  submitLabel,
  failure,
  onSave,
  onSaved,
  savedText = '',
}: ClanFormProps) {
  const idPrefix = useId();
  const viewer = useViewer();
  const { form, saveError, trySave } = useSavingForm<ClanFormValues, ClanInput>({
    resolver: contractResolver<ClanFormValues, ClanInput>(clanInputSchema),
    defaultValues: initialValues,
    fieldNames: clanFieldNames,
    failure,
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { isSubmitting, isDirty },
  } = form;
  const [isSaved, setIsSaved] = useState(false);

  const [name, tag, colour] = watch(['name', 'tag', 'colour']);
  const shownColour = isColour(colour) ? colour.trim().toLowerCase() : DEFAULT_CLAN_COLOUR;
  const colourMessage = messageOnceTouched(form, 'colour');
  const colourId = `${idPrefix}-colour`;

  const save = handleSubmit(async (clan) => {
    setIsSaved(false);
    const saved = await trySave(() => onSave(clan));
    if (!saved) return;
    reset({ name: saved.name, tag: saved.tag, colour: saved.colour });
    setIsSaved(true);
    onSaved(saved);
  });

  return (
    <form className={forms.form} onSubmit={save} noValidate aria-label={label}>
      <div className={forms.fields}>
        <FormField
          name="name"
          idPrefix={idPrefix}
          registration={register('name')}
          message={messageOnceTouched(form, 'name')}
          hint={`At most ${clanLimits.nameMaxLength} characters.`}
          required
          autoComplete="off"
        />
        <FormField
          name="tag"
          idPrefix={idPrefix}
          registration={register('tag')}
          message={messageOnceTouched(form, 'tag')}
          hint={`${clanLimits.tagMinLength}–${clanLimits.tagMaxLength} characters, no spaces: it stands beside your members’ nicknames.`}
          required
          autoComplete="off"
        />
        <div className={forms.field}>
          <label className={forms.label} htmlFor={colourId}>
            Colour
          </label>
          <div className={styles.colourRow}>
            <input
              type="color"
              className={styles.picker}
              aria-label="Pick the colour"
              value={shownColour}
              onChange={(event) =>
                setValue('colour', event.target.value, {
                  shouldDirty: true,
                  shouldTouch: true,
                  shouldValidate: true,
                })
              }
            />
            <input
              id={colourId}
              className={forms.input}
              required
              autoComplete="off"
              spellCheck={false}
              aria-invalid={colourMessage ? true : undefined}
              aria-describedby={`${colourId}-hint${colourMessage ? ` ${colourId}-message` : ''}`}
              {...register('colour')}
            />
          </div>
          <p id={`${colourId}-hint`} className={forms.hint}>
            Pick one, or type it as #rrggbb.
          </p>
          {colourMessage ? (
            <p id={`${colourId}-message`} className={forms.error}>
              {colourMessage}
            </p>
          ) : null}
        </div>
      </div>
      <p className={styles.preview}>
        <span className={forms.hint}>Beside nicknames: </span>
        <span>
          {viewer.user?.nickname ?? 'nickname'}
          <ClanTag
            clan={{ id: 0, name: name.trim(), tag: tag.trim() || 'TAG', colour: shownColour }}
          />
        </span>
      </p>
      <FormFooter
        error={saveError}
        isBusy={isSubmitting}
        submitLabel={submitLabel}
        status={isSaved && !isDirty ? savedText : ''}
      />
    </form>
  );
}
