import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { usePaymentDefaults } from '../api/get-payment-defaults.ts';
import { useUpdatePaymentDefaults } from '../api/update-payment-defaults.ts';
import { PaymentDetailsForm } from './payment-details-form.tsx';

/** The payment details of every lan that has none of its own (decision 034). */
export function PaymentDefaults() {
  const defaults = usePaymentDefaults();
  const update = useUpdatePaymentDefaults();
  return (
    <QueryStatus query={defaults} failure="The default payment details could not be loaded.">
      {(data) => (
        <>
          {data.iban === null ? (
            <p className={forms.hint}>
              No IBAN yet: lanners accepted for a lan with a price are told what they owe, not how
              to pay, unless the lan has payment details of its own.
            </p>
          ) : null}
          <PaymentDetailsForm
            initial={data}
            label="Default payment details"
            idPrefix="payment-defaults"
            submitLabel="Save payment details"
            savedNote="The default payment details are saved."
            onSave={(details) => update.mutateAsync(details)}
          />
        </>
      )}
    </QueryStatus>
  );
}
