import type { Lan, LanPaymentDetails } from '@lanparty/contract';
import { useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useLanPaymentDetails } from '../api/get-lan-payment-details.ts';
import { useUpdateLanPaymentDetails } from '../api/update-lan-payment-details.ts';
import styles from './payment-details.module.css';
import { PaymentDetailsForm } from './payment-details-form.tsx';
import { PaymentDetailsSummary } from './payment-details-summary.tsx';
import { PaymentGaps } from './payment-gaps.tsx';

/**
 * How a lan is paid for (decision 034): the defaults, or payment details of its own, used
 * whole. Says what a lan with a price lacks. Mailed to accepted lanners with what they owe,
 * shown to paid ones with whom to ask about a refund.
 */
export function LanPaymentSection({ lan }: { lan: Lan }) {
  const payment = useLanPaymentDetails(lan.id);
  return (
    <QueryStatus query={payment} failure="The payment details could not be loaded.">
      {(data) => <LanPayment lan={lan} payment={data} />}
    </QueryStatus>
  );
}

type Choice = 'defaults' | 'own';

function LanPayment({ lan, payment }: { lan: Lan; payment: LanPaymentDetails }) {
  const update = useUpdateLanPaymentDetails();
  const [choice, setChoice] = useState<Choice>(payment.details === null ? 'defaults' : 'own');
  const name = useId();
  const inUse = payment.details ?? payment.defaults;
  const choose = (next: Choice) => {
    update.reset();
    setChoice(next);
  };
  return (
    <div className={forms.form}>
      <PaymentGaps lan={lan} details={inUse} />
      <fieldset className={styles.choice}>
        <legend className="visually-hidden">Which payment details this lan uses</legend>
        <label className={forms.checkbox}>
          <input
            type="radio"
            name={name}
            checked={choice === 'defaults'}
            onChange={() => choose('defaults')}
          />
          <span>The default payment details</span>
        </label>
        <label className={forms.checkbox}>
          <input
            type="radio"
            name={name}
            checked={choice === 'own'}
            onChange={() => choose('own')}
          />
          <span>Payment details of this lan only</span>
        </label>
      </fieldset>
      {choice === 'defaults' ? (
        <>
          <PaymentDetailsSummary details={payment.defaults} label="The default payment details" />
          <p className={forms.hint}>
            The defaults are set under <Link to="/admin/lans">Manage lans</Link>.
          </p>
          {payment.details !== null ? (
            <div className={controls.actions}>
              <button
                type="button"
                className={controls.button}
                disabled={update.isPending}
                onClick={() => update.mutate({ lanId: lan.id, details: null })}
              >
                {update.isPending ? 'Saving…' : 'Use the defaults for this lan'}
              </button>
              <span className={forms.hint}>It has payment details of its own until then.</span>
            </div>
          ) : null}
          {update.isError ? (
            <p className={controls.alert} role="alert">
              The payment details could not be saved: {describeError(update.error)}
            </p>
          ) : null}
        </>
      ) : (
        <PaymentDetailsForm
          initial={payment.details ?? payment.defaults}
          label="Payment details of this lan"
          idPrefix={`lan-${lan.id}-payment`}
          submitLabel="Save payment details"
          savedNote="This lan’s payment details are saved."
          onSave={async (details) => {
            const saved = await update.mutateAsync({ lanId: lan.id, details });
            return saved.details ?? saved.defaults;
          }}
        />
      )}
    </div>
  );
}
