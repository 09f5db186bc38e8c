import {
  type LanDefaults,
  type LanDefaultsInput,
  lanDefaultsInputSchema,
} from '@lanparty/contract';
import type { FieldPath } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { moneyInput } from '../../../lib/forms/money-input.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { useUpdateLanDefaults } from '../api/update-lan-defaults.ts';

type Values = { lanPrice: number; membersLanPrice: number };

const fieldNames: readonly FieldPath<Values>[] = ['lanPrice', 'membersLanPrice'];

const orMissing = (value: number) => (Number.isFinite(value) ? value : undefined);

/** The prices a new lan starts with (spec §3 Settings). */
export function LanDefaultsForm({ defaults }: { defaults: LanDefaults }) {
  const updateDefaults = useUpdateLanDefaults();
  const { form, saveError, trySave } = useSavingForm<Values, LanDefaultsInput>({
    resolver: contractResolver<Values, LanDefaultsInput>(lanDefaultsInputSchema, (values) => ({
      lanPrice: orMissing(values.lanPrice),
      membersLanPrice: orMissing(values.membersLanPrice),
    })),
    defaultValues: defaults,
    fieldNames,
    failure: 'The lan defaults could not be saved',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = form;

  const save = handleSubmit((body) =>
    trySave(async () => reset(await updateDefaults.mutateAsync(body))),
  );

  // Both fields are amounts in euros, read as numbers.
  const priceField = (name: FieldPath<Values>) => ({
    name,
    idPrefix: 'lan-defaults',
    message: messageOnceTouched(form, name),
    registration: register(name, { valueAsNumber: true }),
    ...moneyInput,
  });
  return (
    <form className={forms.form} onSubmit={save} noValidate aria-label="Lan defaults">
      <div className={forms.fields}>
        <FormField {...priceField('lanPrice')} hint="In euros." />
        <FormField {...priceField('membersLanPrice')} hint="In euros; not above the lan price." />
      </div>
      <FormFooter
        error={saveError}
        isBusy={isSubmitting}
        submitLabel="Save defaults"
        status={updateDefaults.isSuccess && !isDirty ? 'The lan defaults are saved.' : ''}
      />
    </form>
  );
}
