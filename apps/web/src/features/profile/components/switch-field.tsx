import type { ReactNode } from 'react';
import forms from '../../../components/forms.module.css';

/**
 * A choice of the profile saved as it is flipped: a checkbox with the switch role, its label,
 * and the hint below it that says what on and off mean.
 */
export function SwitchField({
  label,
  hint,
  hintId,
  isOn,
  isDisabled,
  onFlip,
}: {
  label: ReactNode;
  hint: ReactNode;
  hintId: string;
  isOn: boolean;
  isDisabled: boolean;
  onFlip: (isOn: boolean) => void;
}) {
  return (
    <>
      <label className={forms.checkbox}>
        <input
          type="checkbox"
          role="switch"
          checked={isOn}
          aria-checked={isOn}
          disabled={isDisabled}
          aria-describedby={hintId}
          onChange={(event) => onFlip(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <p id={hintId} className={forms.hint}>
        {hint}
      </p>
    </>
  );
}
