import { TriangleAlert } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { InfoTip } from '../../../components/info-tip/info-tip.tsx';

export const EMAIL_CHANGE_HINT = 'Changing the email requires verification.';

/**
 * The e-mail field (spec §2): a tooltip says that a change needs verification, and a
 * warning shows while the address is not verified.
 */
export function EmailField({
  registration,
  message,
  needsVerification,
}: {
  registration: UseFormRegisterReturn;
  message: string | undefined;
  needsVerification: boolean;
}) {
  return (
    <FormField
      idPrefix="profile"
      required
      name="email"
      type="email"
      autoComplete="email"
      registration={registration}
      message={message}
      labelExtra={<InfoTip label="About the email">{EMAIL_CHANGE_HINT}</InfoTip>}
    >
      {needsVerification ? (
        <p className={controls.warning}>
          <TriangleAlert aria-hidden="true" size={16} />
          Email needs to be verified
        </p>
      ) : null}
    </FormField>
  );
}
