import { fieldLabel } from '@lanparty/contract';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import forms from './forms.module.css';

type FormFieldProps = {
  /** The field name; the label is made from it (spec §5). */
  name: string;
  /** The label, when the API's field name does not read as one (`body` is "Message"). */
  label?: string;
  /** Makes the ids unique on a page with several forms: `${idPrefix}-${name}`. */
  idPrefix: string;
  registration: UseFormRegisterReturn;
  /** The message to show; the form gives it once the field is touched (messageOnceTouched). */
  message: string | undefined;
  hint?: string;
  multiline?: boolean;
  /** A choice among these instead of typed text: a select. */
  options?: readonly { value: string; label: string }[];
  /** Shown after the label (a tooltip trigger). */
  labelExtra?: ReactNode;
  /** Shown under the input and its hint, before the message (a warning). */
  children?: ReactNode;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'step' | 'min' | 'max' | 'inputMode' | 'autoComplete' | 'required'
>;

/** The one labelled input (or select, or text area) of the forms, with its hint and its message. */
export function FormField({
  name,
  label: labelText = fieldLabel(name),
  idPrefix,
  registration,
  message,
  hint,
  multiline = false,
  options,
  labelExtra,
  children,
  ...input
}: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-message` : null]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    className: forms.input,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...registration,
  };
  const label = (
    <label className={labelExtra ? undefined : forms.label} htmlFor={id}>
      {labelText}
    </label>
  );
  return (
    <div className={forms.field}>
      {labelExtra ? (
        <div className={forms.label}>
          {label}
          {labelExtra}
        </div>
      ) : (
        label
      )}
      {options ? (
        <select {...shared}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea rows={4} {...shared} />
      ) : (
        <input {...input} {...shared} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className={forms.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {message ? (
        <p id={`${id}-message`} className={forms.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
