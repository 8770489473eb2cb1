/** A dollar amount typed by staff, "$" before it; `control` wires it to its Field's label, hint and error. */
import type { FieldControlProps } from '@kit/Field.tsx';

export function MoneyInput({
  control,
  value,
  onValue,
  autoFocus,
}: {
  control: FieldControlProps;
  value: string;
  onValue: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <div className="money-input">
      <span aria-hidden="true">$</span>
      <input
        {...control}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        data-autofocus={autoFocus ? true : undefined}
      />
    </div>
  );
}
