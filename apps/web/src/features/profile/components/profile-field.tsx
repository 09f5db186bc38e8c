import { fieldLabel } from '@lanparty/contract';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import controls from '../../../components/controls.module.css';

type ProfileFieldProps = {
  name: string;
  registration: UseFormRegisterReturn;
  /** The message to show, once the field is touched. */
  message: string | undefined;
  type?: 'text' | 'email' | 'date';
  autoComplete?: string;
  /** Shown after the label (a tooltip trigger). */
  labelExtra?: ReactNode;
  /** Shown under the input, before the message. */
  children?: ReactNode;
};

/** A labelled input with its message, labelled from the field name (spec §5). */
export function ProfileField({
  name,
  registration,
  message,
  type = 'text',
  autoComplete,
  labelExtra,
  children,
}: ProfileFieldProps) {
  const id = `profile-${name}`;
  const messageId = `${id}-message`;
  return (
    <div className={controls.field}>
      <div className={controls.label}>
        <label htmlFor={id}>{fieldLabel(name)}</label>
        {labelExtra}
      </div>
      <input
        id={id}
        className={controls.input}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...registration}
      />
      {children}
      {message ? (
        <p id={messageId} className={controls.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
