import {
  type Lan,
  type LanInput,
  type LanUpdate,
  lanInputSchema,
  lanLimits,
  lanUpdateSchema,
} from '@lanparty/contract';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { showProblemOnForm } from '../../../lib/forms/show-problem-on-form.ts';
import styles from './lan-form.module.css';
import {
  type LanFormValues,
  toLanFormValues,
  toLanInputBody,
  toLanUpdateBody,
} from './lan-form-values.ts';

type LanFormProps = {
  initialValues: LanFormValues;
  /** Given when editing: the form then has the location invoice fields and sends a PUT body. */
  lanId?: number;
  submitLabel: string;
  onSave: (body: LanInput | LanUpdate) => Promise<Lan>;
  onSaved?: (lan: Lan) => void;
};

type FieldName = FieldPath<LanFormValues>;

const fieldNames: readonly FieldName[] = [
  'name',
  'description',
  'startDate',
  'endDate',
  'isActive',
  'maximumSubcribers',
  'price',
  'membersPrice',
  'locationInvoiceNumber',
  'locationIsPayed',
];

/**
 * Every field of a lan (spec §3, §7), checked with the contract's schema: messages of spec §5
 * once a field is touched, all of them on submit, and the server's field errors on their
 * fields. Dates are picked in the browser's time zone and sent with its offset.
 */
export function LanForm({ initialValues, lanId, submitLabel, onSave, onSaved }: LanFormProps) {
  const isEditing = lanId !== undefined;
  const form = useForm<LanFormValues, unknown, LanInput | LanUpdate>({
    resolver: isEditing
      ? contractResolver<LanFormValues, LanInput | LanUpdate>(lanUpdateSchema, (values) =>
          toLanUpdateBody(lanId, values),
        )
      : contractResolver<LanFormValues, LanInput | LanUpdate>(lanInputSchema, toLanInputBody),
    mode: 'onTouched',
    defaultValues: initialValues,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting, isDirty },
  } = form;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const save = handleSubmit(async (body) => {
    setSaveError(null);
    setSavedNote(null);
    try {
      const saved = await onSave(body);
      if (isEditing) {
        reset(toLanFormValues(saved));
        setSavedNote('The lan is saved.');
      }
      onSaved?.(saved);
    } catch (error) {
      setSaveError(
        showProblemOnForm({ error, fieldNames, setError, failure: 'The lan could not be saved' }),
      );
    }
  });

  const idPrefix = isEditing ? `lan-${lanId}` : 'new-lan';
  const field = (name: FieldName) => ({
    name,
    idPrefix,
    message: messageOnceTouched(form, name),
  });
  return (
    <form
      className={controls.form}
      onSubmit={save}
      noValidate
      aria-label={isEditing ? 'Lan details' : 'New lan'}
    >
      <div className={controls.fields}>
        <FormField {...field('name')} registration={register('name')} />
        <FormField
          {...field('startDate')}
          type="datetime-local"
          registration={register('startDate')}
        />
        <FormField {...field('endDate')} type="datetime-local" registration={register('endDate')} />
      </div>
      <FormField
        {...field('description')}
        multiline
        hint={`At most ${lanLimits.descriptionMaxLength} characters.`}
        registration={register('description')}
      />
      <div className={controls.fields}>
        <FormField
          {...field('maximumSubcribers')}
          type="number"
          inputMode="numeric"
          min={0}
          max={lanLimits.maximumSubcribers}
          step={1}
          hint="Accepted and Paid lanners count towards it."
          registration={register('maximumSubcribers', { valueAsNumber: true })}
        />
        <FormField
          {...field('price')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="In euros."
          registration={register('price', { valueAsNumber: true })}
        />
        <FormField
          {...field('membersPrice')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="In euros; not above the price."
          registration={register('membersPrice', { valueAsNumber: true })}
        />
      </div>
      {isEditing ? (
        <div className={controls.fields}>
          <FormField
            {...field('locationInvoiceNumber')}
            registration={register('locationInvoiceNumber')}
          />
          <label className={`${controls.checkbox} ${styles.checkboxField}`}>
            <input type="checkbox" {...register('locationIsPayed')} />
            <span>Location is paid</span>
          </label>
        </div>
      ) : null}
      <label className={controls.checkbox}>
        <input type="checkbox" {...register('isActive')} />
        <span>Active: visible to everyone, open for subscriptions</span>
      </label>
      {saveError ? (
        <p className={controls.alert} role="alert">
          {saveError}
        </p>
      ) : null}
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
        <span role="status" className={controls.hint}>
          {savedNote && !isDirty ? savedNote : ''}
        </span>
      </div>
    </form>
  );
}
