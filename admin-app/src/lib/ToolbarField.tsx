/** A labelled input or select in a screen's search toolbar, reporting its value as it changes. */
import { type InputHTMLAttributes, type Ref, useId } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Takes the toolbar's spare width (the search box). */
  grow?: boolean;
  large?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

export function ToolbarInput({ label, value, onValue, grow, large, inputRef, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={grow ? 'field field-grow' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={large ? 'input input-lg' : 'input'} value={value} onChange={(event) => onValue(event.target.value)} ref={inputRef} {...input} />
    </div>
  );
}

export function ToolbarSelect({
  label,
  value,
  onValue,
  options,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** [value, words] pairs. */
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onValue(event.target.value)}>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}
