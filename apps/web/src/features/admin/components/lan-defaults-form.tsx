import {
  type LanDefaults,
  type LanDefaultsInput,
  lanDefaultsInputSchema,
} from '@lanparty/contract';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import controls from '../../../components/controls.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateLanDefaults } from '../api/update-lan-defaults.ts';
import { AdminField } from './admin-field.tsx';
import { contractResolver } from './form-resolver.ts';

type Values = { lanPrice: number; membersLanPrice: number };

const orMissing = (value: number) => (Number.isFinite(value) ? value : undefined);

/** The prices a new lan starts with (spec §3 Settings). */
export function LanDefaultsForm({ defaults }: { defaults: LanDefaults }) {
  const updateDefaults = useUpdateLanDefaults();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isDirty },
  } = useForm<Values, unknown, LanDefaultsInput>({
    resolver: contractResolver<Values, LanDefaultsInput>(lanDefaultsInputSchema, (values) => ({
      lanPrice: orMissing(values.lanPrice),
      membersLanPrice: orMissing(values.membersLanPrice),
    })),
    mode: 'onTouched',
    defaultValues: defaults,
  });

  const messageFor = (name: FieldPath<Values>) =>
    touchedFields[name] || isSubmitted ? errors[name]?.message : undefined;

  const save = handleSubmit(async (body) => {
    setSaveError(null);
    try {
      reset(await updateDefaults.mutateAsync(body));
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.errors) : [];
      for (const [name, messages] of fields) {
        if (name === 'lanPrice' || name === 'membersLanPrice')
          setError(name, { type: 'server', message: messages[0] });
      }
      if (fields.length === 0)
        setSaveError(
          `The lan defaults could not be saved: ${isApiError(error) ? (error.detail ?? error.title) : 'try again in a moment.'}`,
        );
    }
  });

  const money = { type: 'number' as const, inputMode: 'decimal' as const, min: 0, step: 0.01 };
  return (
    <form className={controls.form} onSubmit={save} noValidate aria-label="Lan defaults">
      <div className={controls.fields}>
        <AdminField
          name="lanPrice"
          idPrefix="lan-defaults"
          hint="In euros."
          message={messageFor('lanPrice')}
          registration={register('lanPrice', { valueAsNumber: true })}
          {...money}
        />
        <AdminField
          name="membersLanPrice"
          idPrefix="lan-defaults"
          hint="In euros; not above the lan price."
          message={messageFor('membersLanPrice')}
          registration={register('membersLanPrice', { valueAsNumber: true })}
          {...money}
        />
      </div>
      {saveError ? (
        <p className={controls.alert} role="alert">
          {saveError}
        </p>
      ) : null}
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save defaults'}
        </button>
        <span role="status" className={controls.hint}>
          {updateDefaults.isSuccess && !isDirty ? 'The lan defaults are saved.' : ''}
        </span>
      </div>
    </form>
  );
}
