import type { PaymentDetails } from '@lanparty/contract';
import { formatIban } from '@lanparty/contract/rules';
import forms from '../../../components/forms.module.css';
import styles from './payment-details.module.css';

const notGiven = <span className={forms.hint}>not given</span>;

/** Payment details to read: what lanners are told, each part or "not given". */
export function PaymentDetailsSummary({
  details,
  label,
}: {
  details: PaymentDetails;
  label: string;
}) {
  return (
    <dl className={styles.summary} aria-label={label}>
      <dt>Account holder</dt>
      <dd>{details.accountHolder ?? notGiven}</dd>
      <dt>IBAN</dt>
      <dd>{details.iban ? formatIban(details.iban) : notGiven}</dd>
      <dt>Reference</dt>
      <dd>{details.reference ?? notGiven}</dd>
      <dt>Contact e-mail</dt>
      <dd>{details.contactEmail ?? notGiven}</dd>
    </dl>
  );
}
