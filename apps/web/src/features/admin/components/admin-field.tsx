import { fieldLabel } from '@lanparty/contract';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import controls from '../../../components/controls.module.css';

type AdminFieldProps = {
  /** The field name; the label is made from it (spec §5). */
  name: string;
  idPrefix: string;
  registration: UseFormRegisterReturn;
  /** The message to show; the form gives it once the field is touched. */
  message: string | undefined;
  hint?: string;
  multiline?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'step' | 'min' | 'max' | 'inputMode'>;

/** A labelled input of an admin form with its hint and its message. */
export function AdminField({
  name,
  idPrefix,
  registration,
  message,
  hint,
  multiline = false,
  ...input
}: AdminFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-message` : null]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    className: controls.input,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...registration,
  };
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {fieldLabel(name)}
      </label>
      {multiline ? <textarea rows={4} {...shared} /> : <input {...input} {...shared} />}
      {hint ? (
        <p id={`${id}-hint`} className={controls.hint}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-message`} className={controls.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
