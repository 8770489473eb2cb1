/**
 * A form field: visible label, the control, an optional hint and the error text, wired together (label for the
 * control, hint and error in its description, aria-invalid while there is an error). `Field` takes any control as a
 * render function; `TextField` is the common input.
 */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export type FieldControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type FieldProps = {
  label: ReactNode;
  /** Shown under the control and read with it (text, or text with a link); null or empty means valid. */
  error?: ReactNode;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {/* Always present, so a message that appears is announced. */}
      <span id={errorId} className="field-error" aria-live="polite">
        {error}
      </span>
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, className = 'input', ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input className={className} {...input} {...control} />}
    </Field>
  );
}
