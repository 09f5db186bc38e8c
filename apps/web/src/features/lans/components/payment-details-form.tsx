import {
  type PaymentDetails,
  type PaymentDetailsInput,
  paymentDetailsInputSchema,
  paymentLimits,
} from '@lanparty/contract';
import { formatIban } from '@lanparty/contract/rules';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import forms from '../../../components/forms.module.css';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';

type Values = { accountHolder: string; iban: string; reference: string; contactEmail: string };
export type PaymentDetailsChanges = z.output<typeof paymentDetailsInputSchema>;

const fieldNames: readonly FieldPath<Values>[] = [
  'accountHolder',
  'iban',
  'reference',
  'contactEmail',
];

const labels: Record<FieldPath<Values>, string> = {
  accountHolder: 'Account holder',
  iban: 'IBAN',
  reference: 'Reference',
  contactEmail: 'Contact e-mail',
};

const toValues = (details: PaymentDetails): Values => ({
  accountHolder: details.accountHolder ?? '',
  // Shown in groups of four, as it is read; sent without the spaces.
  iban: details.iban ? formatIban(details.iban) : '',
  reference: details.reference ?? '',
  contactEmail: details.contactEmail ?? '',
});

type PaymentDetailsFormProps = {
  /** What the form starts with. */
  initial: PaymentDetails;
  /** Names the form ("Default payment details") and makes its ids unique. */
  label: string;
  idPrefix: string;
  submitLabel: string;
  onSave: (details: PaymentDetailsChanges) => Promise<PaymentDetails>;
  /** Said beside the button once saved. */
  savedNote: string;
};

/**
 * Payment details (decision 034): account holder, IBAN (checked), reference template and
 * the contact e-mail, every part optional. Checked with the contract's schema as the
 * server checks them; the server's messages land on their fields.
 */
export function PaymentDetailsForm({
  initial,
  label,
  idPrefix,
  submitLabel,
  onSave,
  savedNote,
}: PaymentDetailsFormProps) {
  const [isSaved, setIsSaved] = useState(false);
  const { form, saveError, trySave } = useSavingForm<Values, PaymentDetailsChanges>({
    resolver: contractResolver<Values, PaymentDetailsChanges>(
      paymentDetailsInputSchema as z.ZodType<PaymentDetailsChanges>,
    ),
    defaultValues: toValues(initial),
    fieldNames,
    failure: 'The payment details could not be saved',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = form;

  const save = handleSubmit(async (details: PaymentDetailsInput & PaymentDetailsChanges) => {
    setIsSaved(false);
    await trySave(async () => {
      reset(toValues(await onSave(details)));
      setIsSaved(true);
    });
  });

  const field = (name: FieldPath<Values>) => ({
    name,
    label: labels[name],
    idPrefix,
    message: messageOnceTouched(form, name, labels[name]),
  });
  return (
    <form className={forms.form} onSubmit={save} noValidate aria-label={label}>
      <div className={forms.fields}>
        <FormField
          {...field('accountHolder')}
          hint="Whom a transfer pays."
          autoComplete="off"
          registration={register('accountHolder', { deps: 'iban' })}
        />
        <FormField
          {...field('iban')}
          hint="Spaces and capitals do not matter; its check digits are checked."
          autoComplete="off"
          registration={register('iban')}
        />
      </div>
      <div className={forms.fields}>
        <FormField
          {...field('reference')}
          hint={`What lanners put on their transfer, at most ${paymentLimits.referenceMaxLength} characters: {lan} and {nickname} are filled in for each.`}
          autoComplete="off"
          registration={register('reference')}
        />
        <FormField
          {...field('contactEmail')}
          type="email"
          hint="Whom lanners write to about paying and refunds: the organiser’s contact."
          autoComplete="off"
          registration={register('contactEmail')}
        />
      </div>
      <FormFooter
        error={saveError}
        isBusy={isSubmitting}
        submitLabel={submitLabel}
        status={isSaved && !isDirty ? savedNote : ''}
      />
    </form>
  );
}
