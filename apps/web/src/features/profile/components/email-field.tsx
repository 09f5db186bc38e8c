import * as Tooltip from '@radix-ui/react-tooltip';
import { Info, TriangleAlert } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';

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
      labelExtra={
        <Tooltip.Provider delayDuration={150}>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <button type="button" className={controls.iconButton} aria-label="About the email">
                <Info aria-hidden="true" size={16} />
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className={controls.tooltip} side="top" sideOffset={6}>
                {EMAIL_CHANGE_HINT}
                <Tooltip.Arrow className={controls.tooltipArrow} />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      }
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
